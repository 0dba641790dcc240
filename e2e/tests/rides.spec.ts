import type { Locator, Page } from '@playwright/test';
import { TEXTS } from '../../packages/shared/src/texts.js';
import { expect, saveScreenshot, test, uniqueEmail, axeFor } from '../fixtures/test.js';
import { confirmInApp, localDay, saveDialogScreenshot, signIn } from '../fixtures/journeys.js';

// A server of its own (a worker of its own): these journeys count the rides of a day, which the
// rides other spec files post for tomorrow on a shared server would change.
test.use({ serverEnv: { LOG_LEVEL: 'error' } });

/** No serious or critical axe-core finding in what this feature draws (DESIGN.md section 8). */
async function expectAccessible(page: Page, selector: string): Promise<void> {
  const { violations } = await axeFor(page).include(selector).analyze();
  const serious = violations.filter((each) => each.impact === 'serious' || each.impact === 'critical');
  expect(serious.map((each) => `${each.id}: ${each.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function openPostRideForm(page: Page): Promise<Locator> {
  const header = page.getByRole('banner');
  const post = header.getByRole('button', { name: 'Post a Ride' });
  if (!(await post.isVisible())) await header.getByRole('button', { name: 'Open menu' }).click();
  await header.getByRole('button', { name: 'Post a Ride' }).click();
  const dialog = page.getByRole('dialog', { name: 'Post a New Ride' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function goToMyRides(page: Page): Promise<void> {
  await page.goto('/my-rides');
  // A cold page load on a busy machine can take a while.
  await expect(page.getByRole('heading', { name: 'My Rides' })).toBeVisible({ timeout: 30_000 });
}

interface RideEntry {
  from: string;
  to: string;
  day: string;
  time: string;
  seats: string;
  suitcases: string;
  price: string;
  pickup?: string;
  notes?: string[];
}

async function fillRideForm(dialog: Locator, ride: RideEntry): Promise<void> {
  await dialog.getByLabel('From', { exact: true }).selectOption({ label: ride.from });
  await dialog.getByLabel('To', { exact: true }).selectOption({ label: ride.to });
  await dialog.getByLabel('Date').fill(ride.day);
  await dialog.getByLabel('Time').fill(ride.time);
  await dialog.getByLabel('Seats').selectOption(ride.seats);
  await dialog.getByLabel('Suitcases').selectOption(ride.suitcases);
  await dialog.getByLabel('Price per seat ($)').fill(ride.price);
  if (ride.pickup) await dialog.getByLabel('Pickup address (optional)').fill(ride.pickup);
  for (const note of ride.notes ?? []) {
    await dialog.getByLabel('New note').fill(note);
    await dialog.getByRole('button', { name: 'Add note' }).click();
  }
}

/** Posts a ride through the form and waits for the dialog to close. */
async function postRide(page: Page, ride: RideEntry, screenshot?: string): Promise<void> {
  const dialog = await openPostRideForm(page);
  await fillRideForm(dialog, ride);
  if (screenshot) {
    // Filling the form scrolled it; the picture starts at its title.
    await dialog.evaluate((element) => element.scrollTo(0, 0));
    await saveDialogScreenshot(page, screenshot);
  }
  await dialog.getByRole('button', { name: 'Post Ride' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('rides and bookings', () => {
  test('two people: post, find, reserve, accept, cancel the booking, cancel the ride; open screens update live', async ({ newPerson }) => {
    test.setTimeout(180_000);
    const driver = await newPerson();
    await driver.goto('/');
    await signIn(driver, { name: 'Dana Driver', email: uniqueEmail('dana') });
    const day = await localDay(driver, 1);

    await postRide(
      driver,
      {
        from: 'Ithaca',
        to: 'Boston',
        day,
        time: '10:30',
        seats: '4',
        suitcases: '3',
        price: '25',
        pickup: 'Collegetown Bagels',
        notes: ['No smoking please', 'One coffee stop'],
      },
      'rides-post-form-light-1280',
    );

    // The passenger finds it through the search panel and the carousel.
    const passenger = await newPerson();
    await passenger.goto('/');
    await signIn(passenger, { name: 'Pat Passenger', email: uniqueEmail('pat') });
    const search = passenger.getByRole('search', { name: 'Find a ride' });
    await search.getByLabel('Departing from').selectOption({ label: 'Ithaca' });
    await search.getByLabel('Going to').selectOption({ label: 'Boston' });
    await expect(search.getByRole('button', { name: 'College Cornell' })).toBeVisible();
    const dayButton = passenger.locator(`button[data-day="${day}"]`);
    await expect(dayButton).toContainText('1 ride');
    await dayButton.click();
    await expect(dayButton).toHaveAttribute('aria-pressed', 'true');
    await expect(passenger.getByText('Showing 1 available ride')).toBeVisible();

    const card = passenger.getByRole('article', { name: 'Ithaca → Boston' });
    await expect(card).toContainText('Collegetown Bagels');
    await expect(card).toContainText('4 of 4');
    await expect(card).toContainText('No smoking please');
    await expect(card).toContainText('Dana');
    await saveScreenshot(passenger, 'rides-home-light-1280');

    // Clicking the selected day deselects it.
    await dayButton.click();
    await expect(dayButton).toHaveAttribute('aria-pressed', 'false');

    // Reserve 2 seats and 1 suitcase.
    await card.getByRole('button', { name: /^Reserve/ }).click();
    const detail = passenger.getByRole('dialog', { name: 'Ithaca → Boston' });
    await expect(detail.getByRole('heading', { name: 'Trip Notes' })).toBeVisible();
    await detail.getByLabel('Seats').selectOption('2');
    await expect(detail.getByLabel('Suitcases')).toHaveValue('1');
    await detail.getByRole('button', { name: 'Book this Ride' }).click();
    await expect(detail.getByText('Your booking: 2 seats, 1 suitcase')).toBeVisible();
    await expect(detail.getByRole('heading', { name: 'Ride Participants' })).toBeVisible();
    await saveDialogScreenshot(passenger, 'rides-detail-modal-light-1280');
    const myBooking = detail.getByText('Your booking: 2 seats, 1 suitcase').locator('..');
    await expect(myBooking).toContainText('Pending');

    // The driver accepts, through the app's own confirmation; the passenger's dialog stays open.
    await goToMyRides(driver);
    const posted = driver.getByRole('article', { name: 'Ithaca → Boston' });
    await expect(posted).toContainText('Pat Passenger · 2 seats · Pending');
    await posted.getByRole('button', { name: /^View Details/ }).click();
    const driverDetail = driver.getByRole('dialog', { name: 'Ithaca → Boston' });
    await driverDetail.getByRole('button', { name: 'Accept' }).click();
    await expect(driver.getByRole('alertdialog')).toHaveAccessibleDescription(TEXTS.confirmIrreversible);
    await saveDialogScreenshot(driver, 'rides-confirm-accept-light-1280');
    await expectAccessible(driver, '[role="alertdialog"]');
    await confirmInApp(driver, TEXTS.confirmAcceptBooking, 'Accept');
    await expect(driverDetail.getByText('ACCEPTED')).toBeVisible();
    await driverDetail.getByRole('button', { name: 'Close' }).click();
    await expect(posted).toContainText('Pat Passenger · 2 seats · Confirmed');
    await saveScreenshot(driver, 'rides-my-rides-light-1280');

    // Without a reload, the passenger's open dialog and then the card say Confirmed.
    await expect(myBooking).toContainText('Confirmed');
    await detail.getByRole('button', { name: 'Close' }).click();
    await expect(card.getByRole('button', { name: /^Confirmed/ })).toBeVisible();
    await expect(card).toContainText('2 of 4');
    await expect(card).toContainText('2 of 3');

    // The passenger cancels; the seats come back, and the driver's open My Rides shows it at once.
    await goToMyRides(passenger);
    await passenger.getByRole('tab', { name: 'Rides I Booked' }).click();
    const booked = passenger.getByRole('article', { name: 'Ithaca → Boston' });
    await expect(booked).toContainText('Confirmed');
    await booked.getByRole('button', { name: 'Cancel Booking' }).click();
    await confirmInApp(passenger, TEXTS.confirmCancelBooking, 'Cancel booking');
    await expect(booked).toContainText('Cancelled');
    await expect(posted).not.toContainText('Pat Passenger · 2 seats · Confirmed');
    await expect(booked.getByRole('button', { name: 'Cancel Booking' })).toBeHidden();
    await saveScreenshot(passenger, 'rides-my-rides-booked-light-1280');
    await passenger.goto('/');
    await expect(card).toContainText('4 of 4');
    await expect(card).toContainText('3 of 3');
    // Cancelled by the passenger themself: said as My Rides says it, and open to booking again.
    await expect(card.getByRole('button', { name: /^Cancelled/ })).toBeEnabled();

    // Booking again goes through the ride's details.
    await card.getByRole('button', { name: 'Ithaca → Boston', exact: true }).click();
    await detail.getByRole('button', { name: 'Book this Ride' }).click();
    await expect(detail.getByText('Your booking: 1 seat, 1 suitcase')).toBeVisible();

    // The driver sees the new request without a reload, and cancels the ride; the passenger's
    // open dialog shows the cancellation at once.
    await expect(posted).toContainText('1 seat · Pending');
    await posted.getByRole('button', { name: /^View Details/ }).click();
    await driverDetail.getByRole('button', { name: 'Cancel ride' }).click();
    await confirmInApp(driver, TEXTS.confirmCancelRide, 'Cancel ride');
    await expect(driverDetail).toBeHidden();
    const succeeded = driver.getByRole('status').filter({ hasText: TEXTS.cancelRideSucceededWithoutPayments });
    await expect(succeeded).toBeVisible();
    await expectAccessible(driver, '[data-sonner-toaster]');
    await saveDialogScreenshot(driver, 'rides-toast-success-light-1280');
    await expect(posted).toContainText('Ride cancelled');
    await expect(detail.getByText('This ride was cancelled by the driver.')).toBeVisible();
    await detail.getByRole('button', { name: 'Close' }).click();

    await goToMyRides(passenger);
    await passenger.getByRole('tab', { name: 'Rides I Booked' }).click();
    const cancelled = passenger.getByRole('article', { name: 'Ithaca → Boston' }).first();
    await expect(cancelled).toContainText('Ride cancelled');
    await expect(passenger.getByRole('button', { name: 'Cancel Booking' })).toHaveCount(0);
    await passenger.goto('/');
    await expect(passenger.getByRole('article', { name: 'Ithaca → Boston' })).toHaveCount(0);
  });

  test('a ride in the past is refused in the form before anything is sent', async ({ newPerson }) => {
    const page = await newPerson();
    await page.goto('/');
    await signIn(page, { name: 'Paula Past', email: uniqueEmail('paula') });
    const dialog = await openPostRideForm(page);
    // Today at 00:00 has always passed (a run at exactly midnight aside).
    await fillRideForm(dialog, { from: 'Rochester', to: 'Buffalo', day: await localDay(page, 0), time: '00:00', seats: '2', suitcases: '1', price: '10' });
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/rides') posts.push(request.url());
    });
    await dialog.getByRole('button', { name: 'Post Ride' }).click();
    await expect(dialog.getByText('This time has passed. Choose a departure in the future.')).toBeVisible();
    expect(posts).toEqual([]);

    // The form's own checks use the shared schema before anything is sent.
    await dialog.getByLabel('To', { exact: true }).selectOption({ label: 'Rochester' });
    await dialog.getByLabel('Price per seat ($)').fill('0.5');
    await dialog.getByRole('button', { name: 'Post Ride' }).click();
    await expect(dialog.getByText('Choose a destination other than the departure.')).toBeVisible();
    await expect(dialog.getByText('The price must be from $1 to $200, with at most 2 decimals.')).toBeVisible();
  });

  test('signed out: tabs disabled with hints, reserve prompt instead of the driver', async ({ newPerson }) => {
    const driver = await newPerson();
    await driver.goto('/');
    await signIn(driver, { name: 'Sam Syracuse', email: uniqueEmail('sam') });
    await postRide(driver, { from: 'Syracuse', to: 'Albany', day: await localDay(driver, 2), time: '15:00', seats: '3', suitcases: '2', price: '18.5' });

    const visitor = await newPerson();
    await visitor.goto('/');
    await expect(visitor.getByRole('tab', { name: /Rides I Posted/ })).toBeDisabled();
    await expect(visitor.getByRole('tab', { name: /Rides I Posted/ })).toHaveAttribute('title', 'Sign in to see your rides');
    await expect(visitor.getByRole('tab', { name: /All Ride Requests/ })).toHaveAttribute('title', 'Sign in to see ride requests');
    const card = visitor.getByRole('article', { name: 'Syracuse → Albany' });
    await expect(card).toContainText(TEXTS.reservePromptTitle);
    await expect(card).not.toContainText('Sam');
    await expect(card).toContainText('$18.50');
    await expectAccessible(visitor, 'main');
  });

  test('screenshots at 360 px and in the dark theme', async ({ newPerson }) => {
    test.setTimeout(240_000);
    // Each round has its own route, so each passenger finds that round's ride.
    for (const [colorScheme, width, from, to] of [
      ['light', 360, 'New York City', 'Ithaca'],
      ['dark', 360, 'Philadelphia', 'Ithaca'],
      ['dark', 1280, 'Washington DC', 'Ithaca'],
    ] as const) {
      const tag = `${colorScheme}-${width}`;
      const height = width === 360 ? 740 : 800;
      const driver = await newPerson({ width, height, colorScheme });
      await driver.addInitScript((theme) => localStorage.setItem('theme', theme), colorScheme);
      await driver.goto('/');
      await signIn(driver, { name: `Drew ${colorScheme} ${width}`, email: uniqueEmail('drew') });
      await postRide(
        driver,
        { from, to, day: await localDay(driver, 3), time: '08:15', seats: '3', suitcases: '2', price: '30', pickup: 'Port Authority Bus Terminal', notes: ['Quiet ride'] },
        `rides-post-form-${tag}`,
      );

      const passenger = await newPerson({ width, height, colorScheme });
      await passenger.addInitScript((theme) => localStorage.setItem('theme', theme), colorScheme);
      await passenger.goto('/');
      await signIn(passenger, { name: `Quinn ${colorScheme} ${width}`, email: uniqueEmail('quinn') });
      const route = `${from} → ${to}`;
      const card = passenger.getByRole('article', { name: route });
      await expect(card).toBeVisible();
      await saveScreenshot(passenger, `rides-home-${tag}`);
      await expectAccessible(passenger, 'main');
      await card.getByRole('button', { name: /^Reserve/ }).click();
      const detail = passenger.getByRole('dialog', { name: route });
      await expect(detail.getByRole('button', { name: 'Book this Ride' })).toBeVisible();
      await saveDialogScreenshot(passenger, `rides-detail-modal-${tag}`);
      await expectAccessible(passenger, '[role="dialog"]');
      await detail.getByRole('button', { name: 'Book this Ride' }).click();
      await expect(detail.getByText('Your booking: 1 seat, 1 suitcase')).toBeVisible();

      await goToMyRides(driver);
      await expect(driver.getByRole('article', { name: route })).toContainText('Pending');
      await saveScreenshot(driver, `rides-my-rides-${tag}`);
      await expectAccessible(driver, 'main');

      await passenger.getByRole('button', { name: 'Close' }).click();
      await passenger.getByRole('button', { name: 'Map' }).click();
      await expect(passenger.getByRole('region', { name: 'Map of pick-up points' })).toBeVisible();
      await expect(passenger.locator('.leaflet-marker-icon').first()).toBeVisible();
      await passenger.evaluate(() => window.scrollTo(0, 0));
      await saveScreenshot(passenger, `rides-map-${tag}`);
    }
  });
});
