import type { Page } from '@playwright/test';
import { allowConsoleErrors, expect, saveScreenshot, signInThroughUi, test, uniqueEmail } from '../fixtures/test.js';

const ADMIN_EMAIL = 'trust-admin@cornell.edu';
test.use({ serverEnv: { ADMIN_EMAILS: ADMIN_EMAIL } });

/** A tiny PNG: the verification documents are real images the server re-encodes. */
const DOCUMENT_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAABvUlEQVR42hXSIa6lQAAEwD3iSIJCIFAT5EiCQiBQBFmSoBAIFEGORqP/OZbXvkR3+l8OcinXcpST3MujPMvkTT7kS87yI7/yn393cJfu2h3dyd27R/fs5t7ch/tyZ/fjft0fOIOzdNbO6EzO3jk6Zyfn5jyclzM7H+fr/MAe7KW9tkd7svf20T7b2Tf7Yb/s2f7YX/sH1mAtrbU1WpO1t47W2cq6WQ/rZc3Wx/paPyBQUhNJ9IzMftk4uPwWeHj5wBIspaW2REuy9JbRMltYNsthuSzZ8lheywemYCpNtSmakqk3jabZxLSZDtNlyqbH9Jo+MARDaagN0ZAMvWE0zAaGzXAYLkM2PIbX8IEu6EpdrYu6pOt1o27W0W26Q3fpsu7RvboPpCCVUi1FKUm9NErzr3/apEO6pCw90it9oA3aUltrozZpe+2onbW0m/bQXtqsfbSv9gNN0JSaWhM1SdNrRs2sodk0h+bSZM2jeTUfqIKqVNWqqEqqXjWqZhXVpjpUlyqrHtWr+kARFKWiVkRFUvSKUTErKDbFobgUWfEoXsUHQhBKoRaikIReGIX5d4CwCYdwCVl4hFf48x/eGscQZPX1tgAAAABJRU5ErkJggg==',
  'base64',
);

interface Person {
  page: Page;
  name: string;
  id: string;
  token: string;
}

async function person(newPerson: () => Promise<Page>, name: string, email: string): Promise<Person> {
  const page = await newPerson();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await signInThroughUi(page, { name, email });
  await expect.poll(() => page.evaluate(() => localStorage.getItem('auth_token_cornell'))).not.toBeNull();
  const stored = await page.evaluate(() => ({ token: localStorage.getItem('auth_token_cornell'), user: localStorage.getItem('revy_user_cornell') }));
  return { page, name, token: stored.token!, id: (JSON.parse(stored.user!) as { id: string }).id };
}

async function call(who: Person, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) {
  const response = await who.page.request.fetch(path, {
    method,
    ...(data === undefined ? {} : { data }),
    headers: { 'X-Region': 'cornell', Authorization: `Bearer ${who.token}` },
  });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json() as Promise<Record<string, unknown>>;
}

async function screenshotBothWidths(page: Page, name: string) {
  await saveScreenshot(page, `${name}-1280`);
  await page.setViewportSize({ width: 360, height: 780 });
  await saveScreenshot(page, `${name}-360`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a passenger reports a driver, the admin suspends them and approves another driver with the documents shown inline', async ({ newPerson }) => {
  test.setTimeout(180_000);
  const passenger = await person(newPerson, 'Pia Passenger', uniqueEmail('ts-pia'));
  const driver = await person(newPerson, 'Dan Driver', uniqueEmail('ts-dan'));
  const secondDriver = await person(newPerson, 'Vera Verified', uniqueEmail('ts-vera'));
  const admin = await person(newPerson, 'Ada Admin', ADMIN_EMAIL);

  const departs = new Date(Date.now() + 2 * 24 * 3600 * 1000);
  const ride = await call(driver, 'POST', '/api/rides', {
    from: 'ithaca',
    to: 'new_york_city',
    date: departs.toISOString().slice(0, 10),
    time: '15:00',
    totalSeats: 3,
    totalSuitcases: 2,
    price: 30,
    notes: [],
    timezone: 'America/New_York',
  });
  await call(passenger, 'POST', '/api/bookings/bookRide', { rideId: ride.id, seats: 1, suitcases: 0, paymentIntentId: 'NO_STRIPE' });

  // Non-admins see no Admin link and get a clear refusal at /admin.
  await expect(passenger.page.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await passenger.page.goto('/admin');
  await expect(passenger.page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();

  // The passenger reports the driver from the driver's profile.
  await passenger.page.goto(`/profile/${driver.id}`);
  await passenger.page.getByRole('button', { name: 'Report' }).click();
  const dialog = passenger.page.getByRole('dialog', { name: 'Report Dan Driver' });
  await dialog.getByLabel('Reason').selectOption('unsafe_driving');
  await dialog.getByLabel('Details (optional)').fill('Drove far too fast on the last trip.');
  await saveScreenshot(passenger.page, 'report-dialog-1280');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog).toBeHidden();
  await expect(passenger.page.getByText('Your report was sent to the administrators.')).toBeVisible();

  // The admin sees the report in the console and suspends the driver.
  await admin.page.goto('/');
  await admin.page.getByRole('link', { name: 'Admin' }).first().click();
  await expect(admin.page.getByRole('heading', { name: 'Admin console' })).toBeVisible();
  await admin.page.getByRole('tab', { name: 'Reports' }).click();
  const card = admin.page.getByRole('article', { name: 'Report about Dan Driver' });
  await expect(card).toContainText('Drove far too fast on the last trip.');
  await expect(card).toContainText('Unsafe driving');
  await screenshotBothWidths(admin.page, 'admin-reports');
  await card.getByLabel('Note').fill('Speeding confirmed by two riders');
  // The suspended driver's open page checks its session every minute (TOKEN_CHECK_INTERVAL_MS);
  // when a check falls after this, the refusal signs them out, and Chromium logs the 401.
  allowConsoleErrors(/status of 401 \(Unauthorized\) \(at [^)]*\/api\/auth\/verify-token\)/);
  await card.getByRole('button', { name: 'Suspend user' }).click();
  await expect(card).toContainText('Resolved: suspend user');
  await expect(card).toContainText('Suspended');

  // The passenger's booking is cancelled and they are told.
  const notifications = (await call(passenger, 'GET', '/api/notifications')) as { notifications: { kind: string; rideId: string | null }[] };
  expect(notifications.notifications).toContainEqual(expect.objectContaining({ kind: 'ride_cancelled_driver_removed', rideId: ride.id }));
  expect(notifications.notifications).toContainEqual(expect.objectContaining({ kind: 'report_outcome' }));
  const rideNow = await call(passenger, 'GET', `/api/rides/${String(ride.id)}`);
  expect(rideNow).toMatchObject({ status: 'cancelled', myBooking: { status: 'cancelled' } });
  // The suspended driver's session is over.
  const refused = await driver.page.request.fetch('/api/auth/verify-token', { headers: { Authorization: `Bearer ${driver.token}` } });
  expect(refused.status()).toBe(401);

  // A second driver applies; the admin sees the three documents inline and approves.
  const form = {
    licenseFront: { name: 'front.png', mimeType: 'image/png', buffer: DOCUMENT_PNG },
    licenseBack: { name: 'back.png', mimeType: 'image/png', buffer: DOCUMENT_PNG },
    insurance: { name: 'insurance.png', mimeType: 'image/png', buffer: DOCUMENT_PNG },
  };
  const uploaded = await secondDriver.page.request.fetch('/api/users/upload-verification-docs', {
    method: 'POST',
    multipart: form,
    headers: { Authorization: `Bearer ${secondDriver.token}` },
  });
  expect(uploaded.ok(), await uploaded.text()).toBe(true);

  await admin.page.getByRole('tab', { name: 'Verifications' }).click();
  const submission = admin.page.getByRole('article', { name: 'Verification of Vera Verified' });
  for (const alt of ['License, front', 'License, back', 'Insurance']) {
    const image = submission.getByRole('img', { name: alt });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
  }
  await screenshotBothWidths(admin.page, 'admin-verifications');
  await submission.getByRole('button', { name: 'Approve' }).click();
  await expect(submission).toBeHidden();

  await admin.page.getByRole('tab', { name: 'Users' }).click();
  await admin.page.getByPlaceholder('Name or e-mail').fill('Dan Driver');
  await admin.page.getByRole('button', { name: 'Search' }).click();
  await expect(admin.page.getByRole('article', { name: 'Dan Driver' })).toContainText('Suspended');
  await screenshotBothWidths(admin.page, 'admin-users');
  await admin.page.getByRole('tab', { name: 'Audit log' }).click();
  const log = admin.page.getByRole('list').filter({ hasText: 'verification approved' });
  await expect(log.getByText('verification approved', { exact: true })).toBeVisible();
  await expect(log.getByText('user suspended', { exact: true })).toBeVisible();
  await expect(log.getByText('Speeding confirmed by two riders').first()).toBeVisible();
  await screenshotBothWidths(admin.page, 'admin-audit');

  // The second driver sees the verified ring on their profile.
  await secondDriver.page.goto('/profile');
  await expect(secondDriver.page.getByTestId('profile-avatar').getByText('Verified driver')).toBeAttached();
  await saveScreenshot(secondDriver.page, 'verified-driver-profile-1280');
});

/** The console's Users tab with one user opened, as the admin reaches it from the header. */
async function openUserInConsole(admin: Person, name: string) {
  await admin.page.goto('/admin');
  await admin.page.getByRole('tab', { name: 'Users' }).click();
  await admin.page.getByPlaceholder('Name or e-mail').fill(name);
  await admin.page.getByRole('button', { name: 'Search' }).click();
  await admin.page.getByRole('button', { name: `Open ${name}` }).click();
  await expect(admin.page.getByRole('heading', { name, level: 2 })).toBeFocused();
}

test('reports from the ride dialog and a chat message, blocks from a ride request, and the per-user console view', async ({ newPerson }) => {
  test.setTimeout(180_000);
  const passenger = await person(newPerson, 'Rhea Rider', uniqueEmail('ts-rhea'));
  const driver = await person(newPerson, 'Otto Operator', uniqueEmail('ts-otto'));
  const requester = await person(newPerson, 'Quinn Quester', uniqueEmail('ts-quinn'));
  const admin = await person(newPerson, 'Ada Admin', ADMIN_EMAIL);

  const day = new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const note = `Trust journey ${Date.now().toString(36)}`;
  const ride = await call(driver, 'POST', '/api/rides', {
    from: 'ithaca',
    to: 'new_york_city',
    date: day,
    time: '11:00',
    totalSeats: 3,
    totalSuitcases: 2,
    price: 20,
    notes: [note],
    timezone: 'America/New_York',
  });
  await call(passenger, 'POST', '/api/bookings/bookRide', { rideId: ride.id, seats: 1, suitcases: 0, paymentIntentId: 'NO_STRIPE' });
  await call(driver, 'POST', '/api/messages/send', { rideId: ride.id, content: 'Send me cash now or lose the seat' });
  await call(requester, 'POST', '/api/ride-requests', {
    from: 'ithaca',
    to: 'boston',
    date: day,
    time: '09:00',
    seatsNeeded: 1,
    suitcasesNeeded: 1,
    notes: [],
    preferredPickupAddress: 'Collegetown',
    preferredDropoffAddress: 'South Station',
    timezone: 'America/New_York',
  });

  // The passenger reports the ride from its dialog, then the driver's chat message.
  const page = passenger.page;
  await page.goto('/');
  await page.getByRole('article').filter({ hasText: note }).getByRole('button', { name: /^Pending/ }).click();
  const rideDialog = page.getByRole('dialog', { name: 'Ithaca → New York City' });
  const safety = rideDialog.getByRole('region', { name: 'Report or block' });
  await expect(safety.getByRole('button', { name: 'Block Otto Operator' })).toBeVisible();
  await safety.getByRole('button', { name: 'Report ride' }).click();
  const rideReport = page.getByRole('dialog', { name: 'Report the ride Ithaca → New York City' });
  await rideReport.getByLabel('Reason').selectOption('scam');
  await rideReport.getByLabel('Details (optional)').fill('Asks for cash outside the app.');
  await rideReport.getByRole('button', { name: 'Send report' }).click();
  await expect(rideReport).toBeHidden();
  await expect(page.getByText('Your report was sent to the administrators.').first()).toBeVisible();

  const message = rideDialog.getByRole('log').getByRole('listitem').filter({ hasText: 'Send me cash now or lose the seat' });
  const flag = message.getByRole('button', { name: 'Report message from Otto Operator' });
  await flag.focus();
  await page.keyboard.press('Enter');
  const messageReport = page.getByRole('dialog', { name: 'Report a message from Otto Operator' });
  await messageReport.getByLabel('Reason').selectOption('inappropriate_content');
  // What is on screen: a full-page picture would show the page under the dialogs.
  await saveScreenshot(page, 'report-message-dialog-1280', { fullPage: false });
  await messageReport.getByRole('button', { name: 'Send report' }).click();
  await expect(messageReport).toBeHidden();
  await expect(rideDialog).toBeVisible();
  await safety.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'ride-dialog-report-block-1280', { fullPage: false });
  await page.setViewportSize({ width: 360, height: 780 });
  await flag.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'ride-dialog-message-flag-360', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.keyboard.press('Escape');
  await expect(rideDialog).toBeHidden();

  // The passenger blocks the requester from their ride request: the request leaves the list.
  await page.goto('/ride-requests');
  const requestCard = page.getByRole('article').filter({ hasText: 'Collegetown' });
  await requestCard.getByRole('button', { name: "More actions for Quinn's request" }).click();
  await saveScreenshot(page, 'ride-request-actions-menu-1280');
  await page.getByRole('menuitem', { name: 'Block Quinn' }).click();
  const question = page.getByRole('alertdialog', { name: 'Block Quinn?' });
  await question.getByRole('button', { name: 'Block' }).click();
  await expect(page.getByText('Quinn is blocked.')).toBeVisible();
  await expect(requestCard).toHaveCount(0);
  const blocks = (await call(passenger, 'GET', '/api/users/me/blocks')) as { blocked: { id: string }[] };
  expect(blocks.blocked.map((row) => row.id)).toEqual([requester.id]);

  // The driver applies for verification; the admin rejects it with a reason, which the driver reads on their profile.
  const uploaded = await driver.page.request.fetch('/api/users/upload-verification-docs', {
    method: 'POST',
    multipart: {
      licenseFront: { name: 'front.png', mimeType: 'image/png', buffer: DOCUMENT_PNG },
      licenseBack: { name: 'back.png', mimeType: 'image/png', buffer: DOCUMENT_PNG },
      insurance: { name: 'insurance.png', mimeType: 'image/png', buffer: DOCUMENT_PNG },
    },
    headers: { Authorization: `Bearer ${driver.token}` },
  });
  expect(uploaded.ok(), await uploaded.text()).toBe(true);
  await admin.page.goto('/admin');
  const application = admin.page.getByRole('article', { name: 'Verification of Otto Operator' });
  await application.getByLabel('Reason for a rejection (the driver sees it)').fill('The insurance card has expired');
  await application.getByRole('button', { name: 'Reject' }).click();
  await expect(application).toBeHidden();
  await driver.page.goto('/profile');
  const rejection = driver.page.getByRole('region', { name: 'Your driver verification was not approved' });
  await expect(rejection).toContainText('The insurance card has expired');
  await saveScreenshot(driver.page, 'verification-rejected-profile-1280');

  // The admin sees both reports and opens the driver's record.
  await admin.page.goto('/admin');
  await admin.page.getByRole('tab', { name: 'Reports' }).click();
  const reports = admin.page.getByRole('article', { name: 'Report about Otto Operator' });
  await expect(reports.filter({ hasText: 'Asks for cash outside the app.' })).toContainText('Ride');
  await expect(reports.filter({ hasText: 'Send me cash now or lose the seat' })).toContainText('Ride chat message');

  await openUserInConsole(admin, 'Otto Operator');
  const record = admin.page.getByRole('article', { name: 'Otto Operator' });
  await expect(record.getByRole('region', { name: 'Rides' })).toContainText('Ithaca → New York City');
  await expect(record.getByRole('region', { name: 'Reports about them' })).toContainText('Their ride, reported by Rhea Rider');
  await expect(record.getByRole('region', { name: 'Reports about them' })).toContainText('Their ride chat message, reported by Rhea Rider');
  await expect(record.getByRole('region', { name: 'Verification' })).toContainText('Reason given: The insurance card has expired');

  // The console at desktop and 360 px in both themes; at 360 px the tab strip says it scrolls.
  for (const theme of ['light', 'dark'] as const) {
    await admin.page.evaluate((value) => localStorage.setItem('theme', value), theme);
    await admin.page.setViewportSize({ width: 1280, height: 900 });
    await openUserInConsole(admin, 'Otto Operator');
    expect(await admin.page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
    await saveScreenshot(admin.page, `admin-user-view-${theme}-1280`);
    await admin.page.setViewportSize({ width: 360, height: 780 });
    await expectTabsReadable(admin.page);
    await saveScreenshot(admin.page, `admin-user-view-${theme}-360`);
    await admin.page.getByRole('tab', { name: 'Reports' }).click();
    await saveScreenshot(admin.page, `admin-reports-${theme}-360`);
  }
  await admin.page.setViewportSize({ width: 1280, height: 900 });
});

/** Every tab label is whole on screen, or the strip shows its scroll hint on the side where one is cut. */
async function expectTabsReadable(page: Page) {
  const strip = page.getByRole('tablist', { name: 'Console sections' });
  const box = (await strip.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  for (const tab of await strip.getByRole('tab').all()) {
    const tabBox = (await tab.boundingBox())!;
    const cutAtEnd = tabBox.x + tabBox.width > box.x + box.width + 1;
    const cutAtStart = tabBox.x < box.x - 1;
    if (cutAtEnd) await expect(page.getByTestId('tabs-scroll-end')).toBeVisible();
    if (cutAtStart) await expect(page.getByTestId('tabs-scroll-start')).toBeVisible();
  }
}
