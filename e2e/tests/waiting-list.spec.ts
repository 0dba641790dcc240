import type { Page } from '@playwright/test';
import { TEXTS } from '../../packages/shared/src/texts.js';
import { expect, saveScreenshot, test, uniqueEmail } from '../fixtures/test.js';
import { confirmInApp, localDay, saveDialogScreenshot, searchRoute, signIn } from '../fixtures/journeys.js';

// A server of its own: the journey reads the rides of one route, which other spec files also post.
test.use({ serverEnv: { LOG_LEVEL: 'error' } });

async function person(newPerson: (options?: { width?: number; height?: number; colorScheme?: 'light' | 'dark' }) => Promise<Page>, options: {
  width?: number;
  colorScheme?: 'light' | 'dark';
  name: string;
  email: string;
}): Promise<Page> {
  const colorScheme = options.colorScheme ?? 'light';
  const page = await newPerson({ width: options.width ?? 1280, height: options.width === 360 ? 780 : 800, colorScheme });
  await page.addInitScript((theme) => localStorage.setItem('theme', theme), colorScheme);
  await page.goto('/');
  await signIn(page, { name: options.name, email: options.email });
  return page;
}

/** Opens the ride from its card on the searched list; returns the ride dialog. */
async function openRide(page: Page, button: RegExp) {
  await searchRoute(page, 'Ithaca', 'Boston');
  await page.getByRole('article', { name: 'Ithaca → Boston' }).getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: 'Ithaca → Boston' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('waiting list', () => {
  test('a passenger waits on a full ride and is booked when the seat frees up; the driver sees the line and the request', async ({ newPerson }) => {
    test.setTimeout(240_000);
    // The driver, on a desktop in the dark theme, posts a one-seat ride.
    const driver = await person(newPerson, { colorScheme: 'dark', name: 'Dana Driver', email: uniqueEmail('dana-wait') });
    const day = await localDay(driver, 2);
    await driver.getByRole('banner').getByRole('button', { name: 'Post a Ride' }).click();
    const form = driver.getByRole('dialog', { name: 'Post a New Ride' });
    await form.getByLabel('From', { exact: true }).selectOption({ label: 'Ithaca' });
    await form.getByLabel('To', { exact: true }).selectOption({ label: 'Boston' });
    await form.getByLabel('Date', { exact: true }).fill(day);
    await form.getByLabel('Time', { exact: true }).fill('09:00');
    await form.getByLabel('Seats', { exact: true }).selectOption('1');
    await form.getByLabel('Suitcases', { exact: true }).selectOption('1');
    await form.getByLabel('Price per seat ($)').fill('20');
    await form.getByRole('button', { name: 'Post Ride' }).click();
    await expect(form).toBeHidden();

    // Passenger A books the only seat.
    const first = await person(newPerson, { name: 'Avery First', email: uniqueEmail('avery-wait') });
    const firstDetail = await openRide(first, /^Reserve/);
    await firstDetail.getByRole('button', { name: 'Book this Ride' }).click();
    await expect(firstDetail.getByText(/Your booking/)).toBeVisible();
    await firstDetail.getByRole('button', { name: 'Close' }).click();

    // Passenger B finds the ride full: the card and the dialog offer the waiting list.
    const waiter = await person(newPerson, { name: 'Blake Waiting', email: uniqueEmail('blake-wait') });
    await searchRoute(waiter, 'Ithaca', 'Boston');
    const waiterCard = waiter.getByRole('article', { name: 'Ithaca → Boston' });
    await expect(waiterCard).toContainText('0 of 1');
    await waiterCard.getByRole('button', { name: /^Join waiting list/ }).click();
    const detail = waiter.getByRole('dialog', { name: 'Ithaca → Boston' });
    await expect(detail.getByText('This ride is full.')).toBeVisible();
    await expect(detail.getByRole('button', { name: 'Book this Ride' })).toBeHidden();
    const join = detail.getByRole('form', { name: 'Join waiting list' });
    await saveDialogScreenshot(waiter, 'waiting-list-join-light-1280');
    await join.getByRole('button', { name: 'Join waiting list' }).click();
    await expect(detail.getByText('You are #1 on the waiting list')).toBeVisible();
    await expect(detail.getByRole('button', { name: 'Leave waiting list' })).toBeVisible();
    await saveDialogScreenshot(waiter, 'waiting-list-waiting-light-1280');

    // The driver sees the line under the participants.
    const own = await openRide(driver, /^Details/);
    const line = own.getByRole('region', { name: 'Waiting list' });
    await expect(line).toContainText('Blake Waiting');
    await expect(line).toContainText('1 seat · 0 suitcases');
    await saveDialogScreenshot(driver, 'waiting-list-driver-dark-1280');

    // A cancels; B's open dialog turns into a pending booking without a reload, and B is told.
    await first.goto('/my-rides');
    await expect(first.getByRole('heading', { name: 'My Rides' })).toBeVisible({ timeout: 30_000 });
    await first.getByRole('tab', { name: 'Rides I Booked' }).click();
    const booked = first.getByRole('article', { name: 'Ithaca → Boston' });
    await booked.getByRole('button', { name: 'Cancel Booking' }).click();
    await confirmInApp(first, TEXTS.confirmCancelBooking, 'Cancel booking');

    const myBooking = detail.getByText(/Your booking/).locator('..');
    await expect(myBooking).toContainText('Pending');
    await expect(detail.getByText('You are #1 on the waiting list')).toBeHidden();
    await saveDialogScreenshot(waiter, 'waiting-list-promoted-light-1280');
    await detail.getByRole('button', { name: 'Close' }).click();
    // The open dialog hides the header from assistive technology, so the bell is read after it.
    const bell = waiter.getByRole('banner').getByRole('button', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName(/unread/);
    await bell.click();
    await expect(waiter.getByRole('region', { name: 'Notifications' }).getByRole('button', { name: /A seat came free/ })).toBeVisible();
    await saveScreenshot(waiter, 'waiting-list-promoted-bell-light-1280');

    // The driver's open dialog shows B's request to accept or reject; the line is empty again.
    const request = own.getByTestId('ride-passenger').filter({ hasText: 'Blake Waiting' });
    await expect(request.getByRole('button', { name: 'Accept' })).toBeVisible();
    await expect(own.getByRole('region', { name: 'Waiting list' })).toBeHidden();
    await saveDialogScreenshot(driver, 'waiting-list-driver-request-dark-1280');

    // On a phone, light and dark: the full ride offers the waiting list, and a waiting passenger sees their place.
    const phones: { page: Page; detail: ReturnType<Page['getByRole']> }[] = [];
    for (const colorScheme of ['light', 'dark'] as const) {
      const phone = await person(newPerson, { width: 360, colorScheme, name: `Casey ${colorScheme}`, email: uniqueEmail(`casey-${colorScheme}`) });
      await searchRoute(phone, 'Ithaca', 'Boston');
      const card = phone.getByRole('article', { name: 'Ithaca → Boston' });
      await expect(card.getByRole('button', { name: /^Join waiting list/ })).toBeVisible();
      await saveScreenshot(phone, `waiting-list-card-${colorScheme}-360`);
      await card.getByRole('button', { name: /^Join waiting list/ }).click();
      const phoneDetail = phone.getByRole('dialog', { name: 'Ithaca → Boston' });
      await phoneDetail.getByRole('form', { name: 'Join waiting list' }).getByRole('button', { name: 'Join waiting list' }).click();
      await expect(phoneDetail.getByText(/You are #\d on the waiting list/)).toBeVisible();
      await saveDialogScreenshot(phone, `waiting-list-waiting-${colorScheme}-360`);
      phones.push({ page: phone, detail: phoneDetail });
    }

    // The first in line leaves: the second's open dialog moves up to #1 without a reload.
    const [ahead, behind] = phones;
    await expect(behind!.detail.getByText('You are #2 on the waiting list')).toBeVisible();
    await ahead!.detail.getByRole('button', { name: 'Leave waiting list' }).click();
    await expect(ahead!.detail.getByRole('form', { name: 'Join waiting list' })).toBeVisible();
    await expect(behind!.detail.getByText('You are #1 on the waiting list')).toBeVisible();
    await behind!.detail.getByRole('button', { name: 'Close' }).click();
    await expect(behind!.page.getByRole('article', { name: 'Ithaca → Boston' }).getByRole('button', { name: /^Waiting #1/ })).toBeVisible();
  });
});
