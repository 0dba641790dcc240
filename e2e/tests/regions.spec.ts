import type { Page } from '@playwright/test';
import { expect, saveScreenshot, test, uniqueEmail } from '../fixtures/test.js';
import { confirmInApp, localDay, signIn } from '../fixtures/journeys.js';

// Issue 33, acceptance 7: a campus made from the console, without code or a new build. A server of
// its own: the region it creates is seen by every page of that server.
const ADMIN_EMAIL = 'regions-admin@cornell.edu';
test.use({ serverEnv: { ADMIN_EMAILS: ADMIN_EMAIL, LOG_LEVEL: 'error' } });

/** Ten places of the Rochester community, as an operator would export them from a spreadsheet. */
const ROCHESTER_PLACES_CSV = [
  'slug,label,lat,lng',
  'river_campus,UR River Campus,43.1306,-77.6260',
  'downtown,Downtown Rochester,43.1566,-77.6088',
  'rochester_airport,Rochester Airport,43.1189,-77.6724',
  'buffalo,Buffalo,42.8864,-78.8784',
  'syracuse,Syracuse,43.0481,-76.1474',
  'ithaca,Ithaca,42.4440,-76.5019',
  'albany,Albany,42.6526,-73.7562',
  'new_york_city,New York City,40.7128,-74.0060',
  'toronto,Toronto,43.6532,-79.3832',
  'niagara_falls,Niagara Falls,43.0962,-79.0377',
].join('\n');

const ORANGE = { light: '#c2410c', dark: '#fdba74' };

/** The region's colour as the page paints it: the header's brand mark. */
async function brandMarkColour(page: Page): Promise<string> {
  return page.getByRole('banner').locator('a span[aria-hidden="true"]').first().evaluate((element) => getComputedStyle(element).backgroundColor);
}

async function setTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate((value) => localStorage.setItem('theme', value), theme);
  await page.reload();
}

test.describe('a region made in the console', () => {
  test('an administrator opens Rochester with ten places and an orange theme; its students post and book there', async ({ newPerson }) => {
    test.setTimeout(240_000);
    // The administrator creates the draft.
    const admin = await newPerson();
    await admin.goto('/');
    await signIn(admin, { name: 'Ari Admin', email: ADMIN_EMAIL });
    await admin.goto('/admin/regions');
    await admin.getByRole('button', { name: 'New region' }).click();
    const form = admin.getByRole('form', { name: 'New region' });
    await form.getByLabel('Slug').fill('rochester');
    await form.getByLabel('Display name').fill('Rochester');
    await form.getByLabel('Where (“at Rochester”)').fill('at Rochester');
    await form.getByLabel('Subtitle').fill('Intercity Carpool Platform for the University of Rochester');
    // A colour too light for white text is refused as it is typed, with its ratio.
    await form.getByLabel('Light theme colour', { exact: true }).fill('#fdba74');
    await expect(form.getByText(/White text on it: 1\.\d+:1/)).toBeVisible();
    await form.getByLabel('Light theme colour', { exact: true }).fill(ORANGE.light);
    await form.getByLabel('Dark theme colour', { exact: true }).fill(ORANGE.dark);
    await form.getByLabel('Time zone').fill('America/New_York');
    await form.getByLabel('Map latitude').fill('43.1566');
    await form.getByLabel('Map longitude').fill('-77.6088');
    await form.getByLabel('Map zoom').fill('7');
    await form.getByLabel('Allowed e-mail domains').fill('rochester.edu');
    await saveScreenshot(admin, 'regions-console-new-light-1280');
    await form.getByRole('button', { name: 'Create draft' }).click();

    // Its places, from a CSV file; then it is published.
    const file = admin.getByLabel('Import places from a file');
    await expect(file).toBeVisible();
    await file.setInputFiles({ name: 'rochester-places.csv', mimeType: 'text/csv', buffer: Buffer.from(ROCHESTER_PLACES_CSV) });
    await expect(admin.getByText('10 places imported from rochester-places.csv.')).toBeVisible();
    await expect(admin.getByRole('cell', { name: 'UR River Campus' })).toBeVisible();
    await admin.getByRole('button', { name: 'Publish', exact: true }).click();
    await confirmInApp(admin, 'Publish Rochester?', 'Publish');
    await expect(admin.getByLabel('Reason for archiving')).toBeVisible();
    await saveScreenshot(admin, 'regions-console-published-light-1280');
    await setTheme(admin, 'dark');
    await expect(admin.getByRole('button', { name: 'New region' }).or(admin.getByRole('heading', { name: 'Admin console' })).first()).toBeVisible();
    await saveScreenshot(admin, 'regions-console-dark-1280');

    // A Rochester student opens /rochester: the orange header, the region's words; signs in and posts.
    const driver = await newPerson();
    await driver.goto('/rochester');
    await expect(driver.getByRole('banner').getByText('Rochester', { exact: true })).toBeVisible();
    await expect(driver.getByText('Intercity Carpool Platform for the University of Rochester')).toBeVisible();
    expect(await brandMarkColour(driver)).toBe('rgb(194, 65, 12)');
    await signIn(driver, { name: 'Rory Driver', email: uniqueEmail('rory', 'rochester.edu') });
    const day = await localDay(driver, 2);
    const header = driver.getByRole('banner');
    await header.getByRole('button', { name: 'Post a Ride' }).click();
    const post = driver.getByRole('dialog', { name: 'Post a New Ride' });
    await post.getByLabel('From', { exact: true }).selectOption({ label: 'UR River Campus' });
    await post.getByLabel('To', { exact: true }).selectOption({ label: 'Buffalo' });
    await post.getByLabel('Date').fill(day);
    await post.getByLabel('Time').fill('09:30');
    await post.getByLabel('Seats').selectOption('3');
    await post.getByLabel('Suitcases').selectOption('2');
    await post.getByLabel('Price per seat ($)').fill('12');
    await post.getByRole('button', { name: 'Post Ride' }).click();
    await expect(post).toBeHidden();

    // Another Rochester student finds it and books a seat.
    const passenger = await newPerson();
    await passenger.goto('/rochester');
    await signIn(passenger, { name: 'Pia Passenger', email: uniqueEmail('pia', 'rochester.edu') });
    const search = passenger.getByRole('search', { name: 'Find a ride' });
    await search.getByLabel('Departing from').selectOption({ label: 'UR River Campus' });
    await search.getByLabel('Going to').selectOption({ label: 'Buffalo' });
    const card = passenger.getByRole('article', { name: 'UR River Campus → Buffalo' });
    await expect(card).toContainText('Rory');
    await saveScreenshot(passenger, 'regions-rochester-home-light-1280');
    await card.getByRole('button', { name: /^Reserve/ }).click();
    const detail = passenger.getByRole('dialog', { name: 'UR River Campus → Buffalo' });
    await detail.getByRole('button', { name: 'Book this Ride' }).click();
    await expect(detail.getByText(/Your booking: 1 seat/)).toBeVisible();
    await detail.getByRole('button', { name: 'Close' }).click();

    // A student of another campus is not offered Rochester's rides in their own region.
    const other = await newPerson();
    await other.goto('/');
    const cornellSearch = other.getByRole('search', { name: 'Find a ride' });
    await expect(cornellSearch.getByLabel('Departing from').locator('option', { hasText: 'UR River Campus' })).toHaveCount(0);
    // ... and the home page offers the campuses to pick from.
    await expect(other.getByRole('navigation', { name: 'Campuses' }).getByRole('link', { name: 'Rochester' })).toHaveAttribute('href', '/rochester');

    // The new region at 360 px and in the dark theme, as its students see it.
    await setTheme(passenger, 'dark');
    await expect(passenger.getByRole('article', { name: 'UR River Campus → Buffalo' })).toBeVisible();
    await saveScreenshot(passenger, 'regions-rochester-home-dark-1280');
    for (const theme of ['light', 'dark'] as const) {
      const small = await newPerson({ width: 360, height: 740, colorScheme: theme });
      await small.goto('/rochester');
      await expect(small.getByText('Intercity Carpool Platform for the University of Rochester')).toBeVisible();
      expect(await brandMarkColour(small)).toBe('rgb(194, 65, 12)');
      await saveScreenshot(small, `regions-rochester-home-${theme}-360`);
      const console360 = await newPerson({ width: 360, height: 740, colorScheme: theme });
      await console360.goto('/');
      await signIn(console360, { name: 'Ari Admin', email: ADMIN_EMAIL });
      await console360.goto('/admin/regions');
      await expect(console360.getByRole('article', { name: 'Rochester' })).toBeVisible();
      await saveScreenshot(console360, `regions-console-${theme}-360`);
    }
  });
});
