import type { Page } from '@playwright/test';
import { expect, saveScreenshot, test, uniqueEmail } from '../fixtures/test.js';
import { localDay, searchRoute, signIn } from '../fixtures/journeys.js';

/** Opens the post form and fills a ride from Ithaca to Albany with a weekly repeat for three more weeks. */
async function fillWeeklyRide(page: Page, withReturn: boolean) {
  const day = await localDay(page, 1);
  const header = page.getByRole('banner');
  // At 360 px the header's actions sit in the menu.
  if (!(await header.getByRole('button', { name: 'Post a Ride' }).isVisible())) await header.getByRole('button', { name: 'Open menu' }).click();
  await header.getByRole('button', { name: 'Post a Ride' }).click();
  const form = page.getByRole('dialog', { name: 'Post a New Ride' });
  await form.getByLabel('From', { exact: true }).selectOption({ label: 'Ithaca' });
  await form.getByLabel('To', { exact: true }).selectOption({ label: 'Albany' });
  await form.getByLabel('Date', { exact: true }).fill(day);
  await form.getByLabel('Time', { exact: true }).fill('10:30');
  await form.getByLabel('Price per seat ($)').fill('22');
  if (withReturn) {
    await form.getByLabel('Add a return trip').check();
    await form.getByLabel('Return date').fill(await localDay(page, 2));
    await form.getByLabel('Return time').fill('17:00');
  }
  await form.getByLabel('Repeat weekly').check();
  const weekday = await page.evaluate((value) => new Date(`${value}T12:00:00`).toLocaleDateString('en-US', { weekday: 'long' }), day);
  await expect(form.getByRole('group', { name: 'Repeat on' }).getByRole('button', { name: weekday })).toHaveAttribute('aria-pressed', 'true');
  await form.getByLabel('Until').fill(await localDay(page, 22));
  return form;
}

test.describe('weekly rides', () => {
  test('a weekly ride with a return trip: a passenger books one, the driver cancels this and following from a later one', async ({ newPerson }) => {
    test.setTimeout(180_000);
    const driver = await newPerson();
    await driver.goto('/');
    await signIn(driver, { name: 'Wes Weekly', email: uniqueEmail('wes-weekly') });
    const form = await fillWeeklyRide(driver, true);
    await saveScreenshot(driver, 'weekly-rides-post-form-1280-light');
    await form.getByRole('button', { name: 'Post Ride' }).click();
    await expect(form).toBeHidden();
    await expect(driver.getByText('Your weekly ride has been posted: 4 rides and 4 rides back created.')).toBeVisible();

    // The passenger sees four rides there and four back, and books the first.
    const passenger = await newPerson();
    await passenger.goto('/');
    await signIn(passenger, { name: 'Paula Passenger', email: uniqueEmail('paula-weekly') });
    await searchRoute(passenger, 'Albany', 'Ithaca');
    await expect(passenger.getByRole('article', { name: 'Albany → Ithaca' })).toHaveCount(4);
    await searchRoute(passenger, 'Ithaca', 'Albany');
    const cards = passenger.getByRole('article', { name: 'Ithaca → Albany' });
    await expect(cards).toHaveCount(4);
    await cards.first().getByRole('button', { name: /^Reserve/ }).click();
    const detail = passenger.getByRole('dialog', { name: 'Ithaca → Albany' });
    await expect(detail).not.toContainText('weekly series');
    await detail.getByRole('button', { name: 'Book this Ride' }).click();
    await expect(detail.getByText(/Your booking/)).toBeVisible();
    await detail.press('Escape');

    // The driver opens the third ride and cancels it and the following one.
    await driver.goto('/');
    await searchRoute(driver, 'Ithaca', 'Albany');
    await driver.getByRole('article', { name: 'Ithaca → Albany' }).nth(2).getByRole('button', { name: /^Details/ }).click();
    const own = driver.getByRole('dialog', { name: 'Ithaca → Albany' });
    await expect(own).toContainText('This ride is part of a weekly series');
    await expect(own.getByRole('button', { name: 'Cancel this ride' })).toBeVisible();
    await own.getByRole('button', { name: 'Cancel this and following' }).click();
    const question = driver.getByRole('alertdialog', { name: 'Cancel this ride and every following ride of the series?' });
    await saveScreenshot(driver, 'weekly-rides-cancel-following-1280');
    await question.getByRole('button', { name: 'Cancel this and following' }).click();
    await expect(driver.getByText('2 weekly rides cancelled. The passengers have been notified.')).toBeVisible();
    await expect(driver.getByRole('article', { name: 'Ithaca → Albany' })).toHaveCount(2);

    // The passenger's booking on the first ride is untouched; the rides back all stay.
    await passenger.reload();
    await searchRoute(passenger, 'Ithaca', 'Albany');
    await expect(cards).toHaveCount(2);
    await expect(cards.first()).toContainText('Pending');
    await searchRoute(passenger, 'Albany', 'Ithaca');
    await expect(passenger.getByRole('article', { name: 'Albany → Ithaca' })).toHaveCount(4);
  });

  test('screenshots of the post form with "Repeat weekly", desktop and 360 px, light and dark', async ({ newPerson }) => {
    test.setTimeout(120_000);
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const width of [1280, 360]) {
        const page = await newPerson({ width, height: 900, colorScheme });
        await page.addInitScript((theme) => localStorage.setItem('theme', theme), colorScheme);
        await page.goto('/');
        await signIn(page, { name: 'Sam Screens', email: uniqueEmail('sam-weekly') });
        const form = await fillWeeklyRide(page, false);
        await form.getByRole('group', { name: 'Repeat on' }).getByRole('button', { name: 'Saturday' }).click();
        await form.getByRole('checkbox', { name: 'Repeat weekly' }).scrollIntoViewIfNeeded();
        await saveScreenshot(page, `weekly-rides-post-form-${width}-${colorScheme}`);
        await page.close();
      }
    }
  });
});
