import type { Page } from '@playwright/test';
import { expect, saveScreenshot, signInThroughUi, test, uniqueEmail } from '../fixtures/test.js';

/** The parts the browser does not need to show (posting, booking) go through the API. */
async function callApi<T>(baseURL: string, token: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseURL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-region': 'cornell', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

async function tokenOf(page: Page): Promise<string> {
  await expect.poll(() => page.evaluate(() => localStorage.getItem('auth_token_cornell'))).not.toBeNull();
  return (await page.evaluate(() => localStorage.getItem('auth_token_cornell')))!;
}

function dayAfterTomorrow(): string {
  return new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** The subjects of the e-mails the development mailbox kept for one address. */
async function mailSubjectsTo(baseURL: string, address: string): Promise<string[]> {
  const page = await (await fetch(`${baseURL}/dev/mail`)).text();
  return [...page.matchAll(/<tr><td>[^<]*<\/td><td>([^<]*)<\/td><td><a [^>]*>([^<]*)<\/a><\/td><\/tr>/g)]
    .filter((row) => row[1] === address)
    .map((row) => row[2]!);
}

test.describe('notification settings', () => {
  test('a category turned off by e-mail on the settings page is respected by the pipeline; the others still reach the person', async ({ newPerson, server }) => {
    const alice = { name: 'Alice Settings', email: uniqueEmail('alice-settings') };
    const page = await newPerson();
    await page.goto('/');
    await signInThroughUi(page, alice);
    const aliceToken = await tokenOf(page);

    await page.goto('/profile');
    await page.getByRole('link', { name: /Notification settings/ }).click();
    await expect(page).toHaveURL(/\/profile\/notifications$/);
    const bookingsByEmail = page.getByRole('switch', { name: 'Bookings by e-mail' });
    await expect(bookingsByEmail).toHaveAttribute('aria-checked', 'true');
    await bookingsByEmail.click();
    await expect(bookingsByEmail).toHaveAttribute('aria-checked', 'false');
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Bookings by e-mail' })).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByRole('switch', { name: 'Ride alerts by e-mail' })).toHaveAttribute('aria-checked', 'true');
    await saveScreenshot(page, 'notification-settings-desktop-light');

    // Alice drives (a booking request would be a bookings e-mail) and asks for a ride (a matching
    // ride is a ride alert e-mail).
    const date = dayAfterTomorrow();
    const ride = await callApi<{ id: string }>(server.baseURL, aliceToken, '/api/rides', {
      from: 'ithaca', to: 'boston', date, time: '15:00', totalSeats: 3, totalSuitcases: 2, price: 30, notes: [], timezone: 'America/New_York',
    });
    await callApi(server.baseURL, aliceToken, '/api/ride-requests', {
      from: 'syracuse', to: 'albany', date, time: '09:00', seatsNeeded: 1, suitcasesNeeded: 1, notes: [],
      preferredPickupAddress: 'Main Street', preferredDropoffAddress: 'State Street', timezone: 'America/New_York',
    });

    const { tokenId } = await callApi<{ tokenId: string }>(server.baseURL, '', '/api/dev/id-token', { name: 'Bob Booker', email: uniqueEmail('bob-settings') });
    const bob = await callApi<{ token: string }>(server.baseURL, '', '/api/auth/google', { tokenId });
    await callApi(server.baseURL, bob.token, '/api/bookings/bookRide', { rideId: ride.id, seats: 1, suitcases: 1, paymentIntentId: 'NO_STRIPE' });
    await callApi(server.baseURL, bob.token, '/api/rides', {
      from: 'syracuse', to: 'albany', date, time: '10:00', totalSeats: 2, totalSuitcases: 1, price: 20, notes: [], timezone: 'America/New_York',
    });

    // The ride alert arrives; the booking request never does (the outbox skips it as turned off).
    await expect.poll(() => mailSubjectsTo(server.baseURL, alice.email), { timeout: 20_000 }).toContainEqual(expect.stringMatching(/A ride matches your request/));
    // The outbox works in order of due time: the booking's row was due first, so it is decided by now.
    expect((await mailSubjectsTo(server.baseURL, alice.email)).filter((subject) => /booking request/i.test(subject))).toEqual([]);
    // In-app, Alice still hears of the booking.
    await page.goto('/');
    await page.getByRole('button', { name: /Notifications, \d+ unread/ }).click();
    await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(/booking/i);
  });

  test('screenshots of the settings page at 360 px in both themes', async ({ newPerson }) => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await newPerson({ width: 360, height: 780, colorScheme });
      await page.goto('/');
      await signInThroughUi(page, { name: 'Sam Small', email: uniqueEmail(`sam-${colorScheme}`) });
      await tokenOf(page);
      await page.goto('/profile/notifications');
      await expect(page.getByRole('switch', { name: 'Bookings by e-mail' })).toBeVisible();
      await saveScreenshot(page, `notification-settings-360-${colorScheme}`);
    }
  });
});
