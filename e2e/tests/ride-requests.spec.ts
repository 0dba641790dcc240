import type { Locator, Page } from '@playwright/test';
import { allowConsoleErrors, completeDevSignIn, expect, saveScreenshot, signInThroughUi, test, uniqueEmail, axeFor } from '../fixtures/test.js';

interface Trip {
  from: string;
  to: string;
  /** yyyy-mm-dd on the browser's calendar. */
  date: string;
  time: string;
  pickup: string;
  dropoff: string;
  /** Unique per run, so the card is found among requests other tests left on the same server. */
  note: string;
}

/** A day a few days ahead, far enough that no time zone puts it in the past. */
function daysAhead(days: number): string {
  return new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

function newTrip(label: string): Trip {
  return {
    from: 'Ithaca',
    to: 'Boston',
    date: daysAhead(4),
    time: '14:30',
    pickup: 'Collegetown bus stop',
    dropoff: 'South Station',
    note: `${label} ${Date.now().toString(36)}: flexible by an hour`,
  };
}

/**
 * Opens the page and waits for it: the sign-in helper looks at the header once, without waiting,
 * to choose between the desktop button and the mobile menu.
 */
async function openRideRequestsPage(page: Page): Promise<void> {
  await page.goto('/ride-requests');
  await expect(page.getByRole('heading', { level: 1, name: 'Ride Requests at Cornell' })).toBeVisible();
}

async function userIdOf(page: Page): Promise<string> {
  const raw = await page.evaluate(() => localStorage.getItem('revy_user_cornell'));
  if (!raw) throw new Error('not signed in');
  return (JSON.parse(raw) as { id: string }).id;
}

async function fillRequestForm(page: Page, trip: Trip): Promise<Locator> {
  await page.getByRole('button', { name: 'Post a Request' }).click();
  const form = page.getByRole('dialog', { name: 'Request a Ride' });
  await expect(form).toBeVisible();
  await form.getByLabel('From', { exact: true }).selectOption({ label: trip.from });
  await form.getByLabel('To', { exact: true }).selectOption({ label: trip.to });
  await form.getByLabel('Pickup address').fill(trip.pickup);
  await form.getByLabel('Drop-off address').fill(trip.dropoff);
  await form.getByLabel('Date').fill(trip.date);
  await form.getByLabel('Time').fill(trip.time);
  await form.getByLabel('Seats needed').selectOption('2');
  await form.getByLabel('Suitcases needed').selectOption('3');
  await form.getByLabel(/Notes/).fill(trip.note);
  return form;
}

async function submitRequestForm(form: Locator): Promise<void> {
  await form.getByRole('button', { name: 'Request Ride' }).click();
  await expect(form).toBeHidden();
}

async function searchFor(page: Page, trip: Trip): Promise<void> {
  const search = page.getByRole('search', { name: 'Search ride requests' });
  await search.getByLabel('Departing from').selectOption({ label: trip.from });
  await search.getByLabel('Going to').selectOption({ label: trip.to });
  await search.getByLabel('Date').fill(trip.date);
  await search.getByRole('button', { name: 'Search' }).click();
}

/**
 * A dialog as the person sees it: the visible screen, with the dialog scrolled to its top. A
 * full-page shot would stretch the page under a fixed overlay that only covers the first screen.
 */
async function saveDialogScreenshot(page: Page, dialog: Locator, name: string): Promise<void> {
  await dialog.evaluate((element) => element.scrollTo({ top: 0 }));
  await saveScreenshot(page, name, { fullPage: false });
}

/** No serious or critical axe-core finding in what this feature draws (DESIGN.md section 8). */
async function expectAccessible(page: Page, selector: string): Promise<void> {
  const { violations } = await axeFor(page).include(selector).analyze();
  const serious = violations.filter((each) => each.impact === 'serious' || each.impact === 'critical');
  expect(serious.map((each) => `${each.id}: ${each.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

function cardOf(page: Page, trip: Trip): Locator {
  return page.getByRole('article').filter({ hasText: trip.note });
}

test.describe('ride requests', () => {
  // Three people sign in through the dev window in the first journey; a busy machine needs the room.
  test.describe.configure({ timeout: 120_000 });

  test('a passenger posts a request, a driver finds it and contacts them, the passenger deletes it', async ({ newPerson }) => {
    const trip = newTrip('Acceptance');

    // The passenger posts the request through the form.
    const passengerPage = await newPerson({ width: 1280, height: 900 });
    await openRideRequestsPage(passengerPage);
    await signInThroughUi(passengerPage, { name: 'Priya Passenger', email: uniqueEmail('priya') });
    await expect(passengerPage.getByRole('banner').getByText('Priya Passenger')).toBeVisible();
    const passengerId = await userIdOf(passengerPage);
    const form = await fillRequestForm(passengerPage, trip);
    await saveDialogScreenshot(passengerPage, form, 'ride-requests-form-light-1280');
    await submitRequestForm(form);
    await expect(passengerPage.getByText('Your ride request has been posted.')).toBeVisible();
    // The page's list refreshes by itself, and the passenger is told the request is theirs.
    const ownCard = cardOf(passengerPage, trip);
    await expect(ownCard).toBeVisible();
    await ownCard.getByRole('button', { name: 'Details' }).click();
    const ownDetails = passengerPage.getByRole('dialog', { name: 'Ride Request Details' });
    await expect(ownDetails.getByText('This is your ride request.')).toBeVisible();
    await expect(ownDetails.getByRole('link', { name: 'Contact Passenger' })).toHaveCount(0);
    await passengerPage.keyboard.press('Escape');

    // A signed-out visitor sees the request but not who posted it.
    const visitorPage = await newPerson({ width: 1280, height: 900 });
    await visitorPage.goto('/ride-requests');
    await searchFor(visitorPage, trip);
    const visitorCard = cardOf(visitorPage, trip);
    await expect(visitorCard).toContainText('Sign in to view passenger details');
    await expect(visitorCard).not.toContainText('Priya');

    // The driver finds it by search, opens Details and contacts the passenger.
    const driverPage = await newPerson({ width: 1280, height: 900 });
    await openRideRequestsPage(driverPage);
    await signInThroughUi(driverPage, { name: 'Dev Driver', email: uniqueEmail('dev') });
    await expect(driverPage.getByRole('banner').getByText('Dev Driver')).toBeVisible();
    await searchFor(driverPage, trip);
    await expect(driverPage).toHaveURL(/\/ride-requests\?from=ithaca&to=boston&date=\d{4}-\d{2}-\d{2}$/);
    const card = cardOf(driverPage, trip);
    await expect(card).toBeVisible();
    await expect(card.getByRole('heading', { name: 'Ithaca to Boston' })).toBeVisible();
    await expect(card).toContainText('Collegetown bus stop');
    await expect(card).toContainText('South Station');
    await expect(card).toContainText('Posted just now');
    await expect(card).toContainText('Priya');
    await expect(card).not.toContainText('Priya Passenger');
    await expect(driverPage.getByText(/^Showing (1 ride request|\d+ ride requests)$/)).toBeVisible();
    await saveScreenshot(driverPage, 'ride-requests-page-light-1280');

    await card.getByRole('button', { name: 'Details' }).click();
    const details = driverPage.getByRole('dialog', { name: 'Ride Request Details' });
    await expect(details.getByRole('link', { name: /Priya/ })).toBeVisible();
    // Priya has not been through the driver verification: nothing says she is verified.
    await expect(details.getByText('Verified Passenger')).toHaveCount(0);
    // The time typed in the form comes back on the same (local) clock.
    await expect(details).toContainText('2:30 PM');
    await expect(details).toContainText(trip.note);
    await saveDialogScreenshot(driverPage, details, 'ride-requests-details-light-1280');
    await details.getByRole('link', { name: 'Contact Passenger' }).click();
    await expect(driverPage).toHaveURL(new RegExp(`/conversation-messages/${passengerId}$`));

    // The home page's "All Ride Requests" tab shows the same list.
    await driverPage.goto('/');
    await driverPage.getByRole('tab', { name: 'All Ride Requests' }).click();
    await expect(driverPage.getByRole('heading', { name: 'Upcoming ride requests' })).toBeVisible();
    await expect(cardOf(driverPage, trip)).toBeVisible();

    // The passenger deletes it from My Rides.
    await passengerPage.goto('/my-rides');
    await passengerPage.getByRole('tab', { name: 'My Ride Requests' }).click();
    const mine = passengerPage.getByRole('article').filter({ hasText: trip.note });
    await expect(mine).toBeVisible();
    await mine.getByRole('button', { name: 'Delete ride request from Ithaca to Boston' }).click();
    const confirmation = passengerPage.getByRole('alertdialog', { name: 'Are you sure you want to delete this ride request?' });
    await confirmation.getByRole('button', { name: 'Delete' }).click();
    await expect(mine).toBeHidden();
    await expect(passengerPage.getByText("You haven't requested any rides yet.")).toBeVisible();

    // Gone from both people's lists.
    await passengerPage.goto('/ride-requests');
    await searchFor(passengerPage, trip);
    await expect(passengerPage.getByText('No ride requests match your search criteria.')).toBeVisible();
    await driverPage.goto('/ride-requests');
    await searchFor(driverPage, trip);
    await expect(driverPage.getByText('No ride requests match your search criteria.')).toBeVisible();
    await expect(cardOf(driverPage, trip)).toHaveCount(0);
  });

  test('an expired session on submit says so, opens sign-in and keeps the draft', async ({ newPerson, server }) => {
    // The revoked session is refused (401), and the app logs the refused calls as the spec asks.
    allowConsoleErrors(/status of 401 \(Unauthorized\)/, /ApiError: You are not signed in/);
    const trip = newTrip('Expiry');
    const page = await newPerson();
    await openRideRequestsPage(page);
    const person = { name: 'Eli Expired', email: uniqueEmail('eli') };
    await signInThroughUi(page, person);
    await expect(page.getByRole('banner').getByText('Eli Expired')).toBeVisible();
    const form = await fillRequestForm(page, trip);
    // The session ends behind the page's back, as an expiry would.
    const token = await page.evaluate(() => localStorage.getItem('auth_token_cornell'));
    const revoked = await fetch(`${server.baseURL}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(revoked.status).toBe(200);

    await form.getByRole('button', { name: 'Request Ride' }).click();
    await expect(page.getByText('Session Expired. Please log in again.')).toBeVisible();
    const signIn = page.getByRole('dialog', { name: 'Sign in' });
    await expect(signIn).toBeVisible();
    await expect(form).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('revy_user_cornell'))).toBeNull();
    await expect(page).toHaveURL(/\/ride-requests$/);

    await signIn.getByRole('checkbox').check();
    await completeDevSignIn(page, person);
    await expect(signIn).toBeHidden();
    await page.getByRole('button', { name: 'Post a Request' }).click();
    await expect(form.getByLabel('Pickup address')).toHaveValue(trip.pickup);
    await submitRequestForm(form);
    await expect(cardOf(page, trip)).toBeVisible();
  });

  test('the form refuses a request without its required fields', async ({ newPerson }) => {
    const page = await newPerson();
    await openRideRequestsPage(page);
    await signInThroughUi(page, { name: 'Rae Required', email: uniqueEmail('rae') });
    await page.getByRole('button', { name: 'Post a Request' }).click();
    const form = page.getByRole('dialog', { name: 'Request a Ride' });
    await form.getByRole('button', { name: 'Request Ride' }).click();
    await expect(form.getByText('Pickup address is required')).toBeVisible();
    await expect(form.getByText('Date is required')).toBeVisible();
    await expect(form.getByLabel('From', { exact: true })).toBeFocused();
  });

  test('the header button opens the form, and Post a Request asks a visitor to sign in', async ({ newPerson }) => {
    const page = await newPerson();
    await page.goto('/ride-requests');
    await page.getByRole('button', { name: 'Post a Request' }).click();
    await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
    await page.keyboard.press('Escape');
    await signInThroughUi(page, { name: 'Hal Header', email: uniqueEmail('hal') });
    await page.getByRole('banner').getByRole('button', { name: 'Request a Ride' }).click();
    await expect(page.getByRole('dialog', { name: 'Request a Ride' })).toBeVisible();
  });

  for (const [width, colorScheme] of [
    [360, 'light'],
    [360, 'dark'],
    [1280, 'dark'],
  ] as const) {
    test(`the page, the form and Details at ${width} px in the ${colorScheme} theme`, async ({ newPerson }) => {
      const trip = newTrip(`Screens ${width} ${colorScheme}`);
      const page = await newPerson({ width, height: width === 360 ? 780 : 900, colorScheme });
      await page.addInitScript((theme) => localStorage.setItem('theme', theme), colorScheme);
      await openRideRequestsPage(page);
      await signInThroughUi(page, { name: 'Sam Screens', email: uniqueEmail('sam') });
      const form = await fillRequestForm(page, trip);
      await saveDialogScreenshot(page, form, `ride-requests-form-${colorScheme}-${width}`);
      await expectAccessible(page, '[role="dialog"]');
      await submitRequestForm(form);
      await searchFor(page, trip);
      const card = cardOf(page, trip);
      await expect(card).toBeVisible();
      // Nothing may stick out sideways on a phone.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await saveScreenshot(page, `ride-requests-page-${colorScheme}-${width}`);
      await expectAccessible(page, '#main');
      await card.getByRole('button', { name: 'Details' }).click();
      const details = page.getByRole('dialog', { name: 'Ride Request Details' });
      await expect(details).toBeVisible();
      await saveDialogScreenshot(page, details, `ride-requests-details-${colorScheme}-${width}`);
      await expectAccessible(page, '[role="dialog"]');
    });
  }
});
