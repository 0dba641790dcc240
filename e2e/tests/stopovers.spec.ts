import type { Page } from '@playwright/test';
import { TEXTS } from '../../packages/shared/src/texts.js';
import { expect, saveScreenshot, test, uniqueEmail } from '../fixtures/test.js';
import { confirmInApp, localDay, saveDialogScreenshot, searchRoute, signIn } from '../fixtures/journeys.js';

// A server of its own: the journey reads the rides of its routes, which other spec files also post.
test.use({ serverEnv: { LOG_LEVEL: 'error' } });

type NewPerson = (options?: { width?: number; height?: number; colorScheme?: 'light' | 'dark' }) => Promise<Page>;

async function person(newPerson: NewPerson, options: { width: number; colorScheme: 'light' | 'dark'; name: string; email: string }): Promise<Page> {
  const page = await newPerson({ width: options.width, height: options.width === 360 ? 780 : 800, colorScheme: options.colorScheme });
  await page.addInitScript((theme) => localStorage.setItem('theme', theme), options.colorScheme);
  await page.goto('/');
  await signIn(page, { name: options.name, email: options.email });
  return page;
}

/** Searches a part of the route and opens the ride's card button (Reserve, Join waiting list, ...). */
async function openPart(page: Page, from: string, to: string, button: RegExp) {
  await searchRoute(page, from, to);
  const card = page.getByRole('article', { name: `${from} → ${to}` });
  await expect(card).toBeVisible({ timeout: 30_000 });
  // The card says it is a part of a longer ride (the dialog hides the page once open).
  await expect(card).toContainText('part of Ithaca → New York City');
  await card.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: `${from} → ${to}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('stopovers and seats per leg', () => {
  test('a driver posts Ithaca → New York City via a suggested Binghamton; two passengers share the last seat on its two legs; a third waits', async ({ newPerson }) => {
    test.setTimeout(300_000);
    // The driver, on a desktop in the dark theme, posts a one-seat ride with the stop the form suggests.
    const driver = await person(newPerson, { width: 1280, colorScheme: 'dark', name: 'Dana Driver', email: uniqueEmail('dana-stops') });
    const day = await localDay(driver, 2);
    await driver.getByRole('banner').getByRole('button', { name: 'Post a Ride' }).click();
    const form = driver.getByRole('dialog', { name: 'Post a New Ride' });
    await form.getByLabel('From', { exact: true }).selectOption({ label: 'Ithaca' });
    await form.getByLabel('To', { exact: true }).selectOption({ label: 'New York City' });
    await form.getByLabel('Date', { exact: true }).fill(day);
    await form.getByLabel('Time', { exact: true }).fill('09:00');
    await form.getByLabel('Seats', { exact: true }).selectOption('1');
    await form.getByLabel('Suitcases', { exact: true }).selectOption('1');
    await form.getByRole('button', { name: 'Add stop: Binghamton' }).click();
    await expect(form.getByLabel('Stop 1', { exact: true })).toHaveValue('binghamton');
    await expect(form.getByText(/Suggested: \$\d+/)).toBeVisible();
    await form.getByLabel('Price per seat ($)').fill('38');
    await form.getByLabel('Stop 1', { exact: true }).scrollIntoViewIfNeeded();
    await saveDialogScreenshot(driver, 'stopovers-post-dark-1280');
    await form.getByRole('button', { name: 'Post Ride' }).click();
    await expect(form).toBeHidden();

    // Passenger A, desktop light: Ithaca → Binghamton, a part of the ride at a part of its price.
    const first = await person(newPerson, { width: 1280, colorScheme: 'light', name: 'Avery First', email: uniqueEmail('avery-stops') });
    const a = await openPart(first, 'Ithaca', 'Binghamton', /^Reserve/);
    await expect(a.getByText(/of \$38: \d+ % of the distance/)).toBeVisible();
    await saveDialogScreenshot(first, 'stopovers-part-dialog-light-1280');
    await a.getByRole('button', { name: 'Book this Ride' }).click();
    await expect(a.getByText(/Your booking/)).toBeVisible();
    await a.getByRole('button', { name: 'Close' }).click();

    // Passenger B, on a phone in the dark theme: Binghamton → New York City takes the same last seat.
    const second = await person(newPerson, { width: 360, colorScheme: 'dark', name: 'Blake Second', email: uniqueEmail('blake-stops') });
    await searchRoute(second, 'Binghamton', 'New York City');
    const secondCard = second.getByRole('article', { name: 'Binghamton → New York City' });
    await expect(secondCard).toContainText('part of Ithaca → New York City', { timeout: 30_000 });
    await saveScreenshot(second, 'stopovers-part-card-dark-360');
    await secondCard.getByRole('button', { name: /^Reserve/ }).click();
    const b = second.getByRole('dialog', { name: 'Binghamton → New York City' });
    await b.getByRole('button', { name: 'Book this Ride' }).click();
    await expect(b.getByText(/Your booking/)).toBeVisible();
    await saveDialogScreenshot(second, 'stopovers-booked-dark-360');
    await b.getByRole('button', { name: 'Close' }).click();

    // The driver confirms both: each passenger's part is named.
    await searchRoute(driver, 'Ithaca', 'New York City');
    await driver.getByRole('article', { name: 'Ithaca → New York City' }).getByRole('button', { name: /^Details/ }).click();
    const own = driver.getByRole('dialog', { name: 'Ithaca → New York City' });
    for (const name of ['Avery First', 'Blake Second']) {
      const passenger = own.getByTestId('ride-passenger').filter({ hasText: name });
      await passenger.getByRole('button', { name: 'Accept' }).click();
      await confirmInApp(driver, TEXTS.confirmAcceptBooking, 'Accept');
      await expect(passenger.getByRole('button', { name: 'Accept' })).toBeHidden();
    }
    await expect(own.getByTestId('ride-passenger').filter({ hasText: 'Avery First' })).toContainText('Binghamton');
    await saveDialogScreenshot(driver, 'stopovers-driver-dark-1280');

    // A third, on a phone in the light theme, finds the first leg full and joins the waiting list for it.
    const third = await person(newPerson, { width: 360, colorScheme: 'light', name: 'Casey Third', email: uniqueEmail('casey-stops') });
    const c = await openPart(third, 'Ithaca', 'Binghamton', /^Join waiting list/);
    await expect(c.getByText('This ride is full between Ithaca and Binghamton.')).toBeVisible();
    await c.getByRole('form', { name: 'Join waiting list' }).getByRole('button', { name: 'Join waiting list' }).click();
    await expect(c.getByText('You are #1 on the waiting list')).toBeVisible();
    await saveDialogScreenshot(third, 'stopovers-waiting-light-360');
  });
});
