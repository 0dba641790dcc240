import type { Page } from '@playwright/test';
import { allowConsoleErrors, expect, saveScreenshot, signInThroughUi, test, uniqueEmail, axeFor } from '../fixtures/test.js';

// This file's server has the test clock (docs/decisions/test-clock.md): a worker of its own.
test.use({ serverEnv: { TEST_CLOCK: '1' } });

/** A 16x16 PNG, so the avatar upload is a real image that the server can re-encode. */
const AVATAR_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAABvUlEQVR42hXSIa6lQAAEwD3iSIJCIFAT5EiCQiBQBFmSoBAIFEGORqP/OZbXvkR3+l8OcinXcpST3MujPMvkTT7kS87yI7/yn393cJfu2h3dyd27R/fs5t7ch/tyZ/fjft0fOIOzdNbO6EzO3jk6Zyfn5jyclzM7H+fr/MAe7KW9tkd7svf20T7b2Tf7Yb/s2f7YX/sH1mAtrbU1WpO1t47W2cq6WQ/rZc3Wx/paPyBQUhNJ9IzMftk4uPwWeHj5wBIspaW2REuy9JbRMltYNsthuSzZ8lheywemYCpNtSmakqk3jabZxLSZDtNlyqbH9Jo+MARDaagN0ZAMvWE0zAaGzXAYLkM2PIbX8IEu6EpdrYu6pOt1o27W0W26Q3fpsu7RvboPpCCVUi1FKUm9NErzr3/apEO6pCw90it9oA3aUltrozZpe+2onbW0m/bQXtqsfbSv9gNN0JSaWhM1SdNrRs2sodk0h+bSZM2jeTUfqIKqVNWqqEqqXjWqZhXVpjpUlyqrHtWr+kARFKWiVkRFUvSKUTErKDbFobgUWfEoXsUHQhBKoRaikIReGIX5d4CwCYdwCVl4hFf48x/eGscQZPX1tgAAAABJRU5ErkJggg==',
  'base64',
);

interface Person {
  page: Page;
  name: string;
  id: string;
  token: string;
}

async function signIn(page: Page, name: string, prefix: string): Promise<Person> {
  await page.goto('/');
  await signInThroughUi(page, { name, email: uniqueEmail(prefix) });
  await expect.poll(() => page.evaluate(() => localStorage.getItem('auth_token_cornell'))).not.toBeNull();
  const stored = await page.evaluate(() => ({
    token: localStorage.getItem('auth_token_cornell'),
    user: localStorage.getItem('revy_user_cornell'),
  }));
  return { page, name, token: stored.token!, id: (JSON.parse(stored.user!) as { id: string }).id };
}

async function call(request: Page['request'], method: 'POST' | 'PUT', path: string, token: string | null, data: unknown) {
  const response = await request.fetch(path, {
    method,
    data,
    headers: { 'X-Region': 'cornell', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json() as Promise<Record<string, unknown>>;
}

/** A ride a few minutes ahead, booked and accepted, then completed by moving the server's clock. */
async function completeRideTogether(driver: Person, passenger: Person) {
  // The page's request context has the server's base URL; the bearer tokens say who is calling.
  const request = driver.page.request;
  const departs = new Date(Date.now() + 10 * 60 * 1000);
  const ride = await call(request, 'POST', '/api/rides', driver.token, {
    from: 'ithaca',
    to: 'new_york_city',
    date: departs.toISOString().slice(0, 10),
    time: departs.toISOString().slice(11, 16),
    totalSeats: 3,
    totalSuitcases: 2,
    price: 30,
    notes: [],
    timezone: 'America/New_York',
  });
  const booking = await call(request, 'POST', '/api/bookings/bookRide', passenger.token, {
    rideId: ride.id,
    seats: 1,
    suitcases: 1,
    paymentIntentId: 'NO_STRIPE',
  });
  await call(request, 'PUT', `/api/bookings/${String(booking.id)}/status`, driver.token, { status: 'confirmed' });
  await call(request, 'POST', '/api/test/clock', null, { advanceMs: 20 * 60 * 1000 });
  const job = await call(request, 'POST', '/api/test/run-jobs', null, {});
  expect(job).toMatchObject({ ran: true, ridesCompleted: 1, bookingsCompleted: 1 });
}

/** No serious or critical axe-core finding inside what this feature draws (DESIGN.md section 8). */
async function expectAccessible(page: Page, selector: string): Promise<void> {
  const { violations } = await axeFor(page).include(selector).analyze();
  const serious = violations.filter((each) => each.impact === 'serious' || each.impact === 'critical');
  expect(serious.map((each) => `${each.id}: ${each.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Desktop first, then the same page at 360 px, then back. */
async function screenshotBothWidths(page: Page, name: string) {
  const size = page.viewportSize()!;
  await saveScreenshot(page, `${name}-1280`);
  await page.setViewportSize({ width: 360, height: 780 });
  await saveScreenshot(page, `${name}-360`);
  await page.setViewportSize(size);
}

async function submitReview(page: Page, stars: number, comment: string) {
  await page.goto('/');
  const due = page.getByRole('button', { name: 'You have 1 review due' });
  await expect(due).toBeVisible();
  await saveScreenshot(page, `home-review-due-${page.viewportSize()!.width}`);
  await due.click();
  const dialog = page.getByRole('dialog', { name: 'Leave a Review' });
  await expect(dialog).toBeVisible();
  // Both fields are required: the shared schema's rule shows under the rating and the comment.
  await dialog.getByRole('button', { name: 'Submit Review' }).click();
  await expect(dialog.getByText('Ratings and comments are required.')).toHaveCount(2);
  await expect(dialog.getByLabel('Comment')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByRole('radio', { name: stars === 1 ? '1 star' : `${stars} stars` }).check();
  await dialog.getByLabel('Comment').fill(comment);
  return dialog;
}

test.describe('profiles and reviews', () => {
  test('after a completed ride both review each other, and see reviews, averages, avatar and preferences', async ({ newPerson }) => {
    test.setTimeout(120_000);
    const driver = await signIn(await newPerson({ width: 1280 }), 'Dana Driver', 'dana');
    const passenger = await signIn(await newPerson({ width: 1280, colorScheme: 'dark' }), 'Pat Passenger', 'pat');
    await completeRideTogether(driver, passenger);

    // The driver reviews the passenger.
    const driverDialog = await submitReview(driver.page, 4, 'Pat was on time and great company.');
    await expect(driverDialog).toContainText('Pat Passenger');
    await expect(driverDialog).toContainText('Ithaca → New York City');
    await screenshotBothWidths(driver.page, 'review-dialog');
    await expectAccessible(driver.page, '[role="dialog"]');
    await driverDialog.getByRole('button', { name: 'Submit Review' }).click();
    await expect(driverDialog.getByText('All caught up. Thanks for your reviews!')).toBeVisible();
    await driverDialog.getByRole('button', { name: 'Close', exact: true }).first().click();
    await expect(driver.page.getByRole('button', { name: /review(s)? due/ })).toBeHidden();

    // The passenger reviews the driver.
    const passengerDialog = await submitReview(passenger.page, 5, 'Dana drove safely, would ride again!');
    await expect(passengerDialog).toContainText('Dana Driver');
    await screenshotBothWidths(passenger.page, 'review-dialog-dark');
    await passengerDialog.getByRole('button', { name: 'Submit Review' }).click();
    await expect(passengerDialog.getByText('All caught up. Thanks for your reviews!')).toBeVisible();
    await passenger.page.keyboard.press('Escape');
    await expect(passenger.page.getByRole('button', { name: /review(s)? due/ })).toBeHidden();

    // Each sees the other's new review and average.
    await driver.page.goto(`/profile/${passenger.id}`);
    await expect(driver.page.getByRole('heading', { name: 'Pat Passenger' })).toBeVisible();
    const passengerStats = driver.page.getByText('Avg. Rating').locator('xpath=ancestor::dl');
    await expect(passengerStats).toContainText('4.00');
    await expect(passengerStats).toContainText('Rides as Passenger1');
    await driver.page.getByRole('tab', { name: 'Passenger' }).click();
    await expect(driver.page.getByText('Pat was on time and great company.')).toBeVisible();

    await passenger.page.goto(`/profile/${driver.id}`);
    await expect(passenger.page.getByRole('heading', { name: 'Dana Driver' })).toBeVisible();
    const driverStats = passenger.page.getByText('Avg. Rating').locator('xpath=ancestor::dl');
    await expect(driverStats).toContainText('5.00');
    await expect(driverStats).toContainText('Rides as Driver1');
    await expect(passenger.page.getByText('Dana drove safely, would ride again!')).toBeVisible();
    await expect(passenger.page.getByRole('link', { name: 'Message Dana Driver' })).toHaveAttribute(
      'href',
      `/conversation-messages/${driver.id}`,
    );

    // The passenger edits the profile: a new avatar, a bio and preferences.
    await passenger.page.goto('/profile');
    await passenger.page.getByRole('button', { name: 'Edit Profile' }).click();
    const edit = passenger.page.getByRole('dialog', { name: 'Edit Profile' });
    await expect(edit.getByText('PNG, JPG, GIF up to 5MB')).toBeVisible();
    const uploaded = passenger.page.waitForResponse((response) => response.url().endsWith('/api/users/upload-image'));
    await edit.getByLabel('Profile picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: AVATAR_PNG });
    expect((await uploaded).status()).toBe(200);
    // The upload updates the stored user at once (the header's avatar becomes the picture).
    // The header sits behind the open dialog, hidden from assistive technology meanwhile.
    await expect(
      passenger.page.getByRole('banner', { includeHidden: true }).getByRole('img', { name: 'Pat Passenger', includeHidden: true }).first(),
    ).toHaveAttribute('src', /\/api\/files\//);
    await edit.getByLabel('Bio').fill('Engineering student, loves podcasts.');
    await edit.getByLabel('Okay with Animals').check();
    await edit.getByLabel('Okay with Music').uncheck();
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toBeHidden();
    await expect(passenger.page.getByText('Okay with Animals')).toBeVisible();
    await expect(passenger.page.getByText('Payouts are not enabled')).toBeVisible();
    await screenshotBothWidths(passenger.page, 'own-profile-dark');
    await expectAccessible(passenger.page, 'main');

    await driver.page.reload();
    await expect(driver.page.getByText('Engineering student, loves podcasts.')).toBeVisible();
    await expect(driver.page.getByText('Okay with Animals')).toBeVisible();
    await expect(driver.page.getByText('NOT okay with Music')).toBeVisible();
    await expect(driver.page.getByTestId('profile-avatar').getByRole('img', { name: 'Pat Passenger' })).toHaveAttribute('src', /\/api\/files\//);
    await screenshotBothWidths(driver.page, 'other-profile');
    await expectAccessible(driver.page, 'main');

    // The driver applies for verification: the dialog, then the pending status.
    await driver.page.goto('/profile');
    await driver.page.getByRole('button', { name: 'Become a Verified Driver' }).click();
    const verification = driver.page.getByRole('dialog', { name: 'Driver Verification' });
    await expect(verification).toBeVisible();
    await screenshotBothWidths(driver.page, 'verification-dialog');
    await expectAccessible(driver.page, '[role="dialog"]');
    await verification.getByRole('button', { name: 'Submit' }).click();
    // The form kit: each missing document's rule shows under its field, nothing is sent.
    await expect(verification.getByLabel("Driver's license (front)")).toHaveAccessibleDescription("Please choose the driver's license (front)");
    for (const label of ["Driver's license (front)", "Driver's license (back)", 'Insurance document']) {
      await verification.getByLabel(label).setInputFiles({ name: 'doc.png', mimeType: 'image/png', buffer: AVATAR_PNG });
    }
    await verification.getByRole('button', { name: 'Submit' }).click();
    await expect(verification).toBeHidden();
    await expect(driver.page.getByText('Verification Pending')).toBeVisible();
    await expect(driver.page.getByRole('button', { name: 'Become a Verified Driver' })).toBeHidden();
    await screenshotBothWidths(driver.page, 'own-profile');
  });

  test('profiles of unknown users, signed-out visitors and the own id', async ({ newPerson }) => {
    // The unknown user's profile is a 404, which the page turns into "User not found."
    allowConsoleErrors(/status of 404 \(Not Found\) \(at [^)]*\/api\/users\/0b7c6f2e-6f0e-4e36-9d1a-2a5c5c1f0d01\)/);
    const visitor = await newPerson({ width: 360 });
    await visitor.goto('/profile/0b7c6f2e-6f0e-4e36-9d1a-2a5c5c1f0d01');
    await expect(visitor.getByText('Please sign in to view user profiles.')).toBeVisible();

    const person = await signIn(visitor, 'Uma User', 'uma');
    await person.page.goto('/profile/0b7c6f2e-6f0e-4e36-9d1a-2a5c5c1f0d01');
    await expect(person.page.getByText('User not found.')).toBeVisible();
    await person.page.goto(`/profile/${person.id}`);
    await expect(person.page).toHaveURL(/\/profile$/);
    await expect(person.page.getByRole('heading', { name: 'Uma User' })).toBeVisible();
  });

  test('feedback from the footer, and the newsletter banner for signed-out visitors', async ({ newPerson }) => {
    const page = await newPerson({ width: 360 });
    await page.goto('/');
    const banner = page.getByRole('complementary', { name: 'Newsletter' });
    await expect(banner).toBeVisible();
    await saveScreenshot(page, 'home-newsletter-360');
    await banner.getByRole('button', { name: 'Subscribe' }).click();
    await expect(banner.getByText('Please enter your email address')).toBeVisible();
    await expect(banner.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');
    await banner.getByLabel('Email address').fill(uniqueEmail('news'));
    await banner.getByRole('button', { name: 'Subscribe' }).click();
    await expect(banner.getByText(/You're subscribed!/)).toBeVisible();
    await expect(banner).toBeHidden({ timeout: 6_000 });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Newsletter' })).toBeHidden();

    await page.getByRole('contentinfo').getByRole('button', { name: 'Feedback' }).click();
    const dialog = page.getByRole('dialog', { name: 'Feedback' });
    await dialog.getByLabel('Comment').fill('Love the app!');
    await expect(dialog.getByText('13/1000')).toBeVisible();
    await dialog.getByRole('button', { name: 'Send Feedback' }).click();
    await expect(dialog.getByText('Thank you for your feedback!')).toBeVisible();
  });
});
