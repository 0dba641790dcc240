import { expect, saveScreenshot, test, uniqueEmail } from '../fixtures/test.js';
import { localDay, searchRoute, signIn } from '../fixtures/journeys.js';

test.describe('driver tools', () => {
  test('post with a return trip, a passenger books, the driver edits the time, the passenger sees "Edited"', async ({ newPerson }) => {
    test.setTimeout(180_000);
    const driver = await newPerson();
    driver.on('dialog', (dialog) => void dialog.accept());
    await driver.goto('/');
    await signIn(driver, { name: 'Dana Driver', email: uniqueEmail('dana-tools') });
    const day = await localDay(driver, 1);
    const returnDay = await localDay(driver, 3);

    const header = driver.getByRole('banner');
    await header.getByRole('button', { name: 'Post a Ride' }).click();
    const form = driver.getByRole('dialog', { name: 'Post a New Ride' });
    await form.getByLabel('From', { exact: true }).selectOption({ label: 'Ithaca' });
    await form.getByLabel('To', { exact: true }).selectOption({ label: 'Boston' });
    await form.getByLabel('Date', { exact: true }).fill(day);
    await form.getByLabel('Time', { exact: true }).fill('10:30');
    await form.getByLabel('Price per seat ($)').fill('30');
    await form.getByLabel('Add a return trip').check();
    await form.getByLabel('Return date').fill(returnDay);
    await form.getByLabel('Return time').fill('17:00');
    await saveScreenshot(driver, 'driver-tools-post-return-1280');
    await form.getByRole('button', { name: 'Post Ride' }).click();
    await expect(form).toBeHidden();

    // Both rides exist: the outbound one and the ride back.
    const passenger = await newPerson();
    await passenger.goto('/');
    await signIn(passenger, { name: 'Pat Passenger', email: uniqueEmail('pat-tools') });
    await searchRoute(passenger, 'Boston', 'Ithaca');
    await expect(passenger.getByRole('article', { name: 'Boston → Ithaca' })).toBeVisible();
    await searchRoute(passenger, 'Ithaca', 'Boston');
    const card = passenger.getByRole('article', { name: 'Ithaca → Boston' });
    await expect(card).toBeVisible();
    await expect(card).not.toContainText('Edited');
    await card.getByRole('button', { name: /^Reserve/ }).click();
    const detail = passenger.getByRole('dialog', { name: 'Ithaca → Boston' });
    await detail.getByRole('button', { name: 'Book this Ride' }).click();
    await expect(detail.getByText(/Your booking/)).toBeVisible();
    await detail.press('Escape');

    // The driver edits the time from the ride detail.
    await driver.goto('/');
    await searchRoute(driver, 'Ithaca', 'Boston');
    await driver.getByRole('article', { name: 'Ithaca → Boston' }).getByRole('button', { name: /^Details/ }).click();
    const own = driver.getByRole('dialog', { name: 'Ithaca → Boston' });
    await own.getByRole('button', { name: 'Edit ride' }).click();
    const edit = own.getByRole('form', { name: 'Edit ride' });
    await expect(edit.getByLabel('From', { exact: true })).toBeDisabled();
    await edit.getByLabel('Time', { exact: true }).fill('12:45');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();
    await expect(own).toContainText('Edited');

    // The passenger sees "Edited" and the new time.
    await passenger.reload();
    await searchRoute(passenger, 'Ithaca', 'Boston');
    await expect(card).toContainText('Edited');
    await expect(card).toContainText(/12:45/);
    await saveScreenshot(passenger, 'driver-tools-edited-1280');

    const narrow = await newPerson({ width: 360, height: 800 });
    await narrow.goto('/');
    await signIn(narrow, { name: 'Pat Passenger', email: uniqueEmail('pat-narrow') });
    await searchRoute(narrow, 'Ithaca', 'Boston');
    await expect(narrow.getByRole('article', { name: 'Ithaca → Boston' })).toContainText('Edited');
    await saveScreenshot(narrow, 'driver-tools-edited-360');
  });
});
