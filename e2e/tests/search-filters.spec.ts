import type { Page } from '@playwright/test';
import { TEXTS } from '../../packages/shared/src/texts.js';
import { axeFor, expect, saveScreenshot, test, uniqueEmail } from '../fixtures/test.js';
import { localDay, searchRoute, signIn } from '../fixtures/journeys.js';

// A server of its own: the journeys count the rides of their routes, which other spec files also post.
test.use({ serverEnv: { LOG_LEVEL: 'error' } });

type NewPerson = (options?: { width?: number; height?: number; colorScheme?: 'light' | 'dark' }) => Promise<Page>;

async function person(newPerson: NewPerson, options: { width?: number; colorScheme?: 'light' | 'dark'; name: string; email: string }): Promise<Page> {
  const width = options.width ?? 1280;
  const colorScheme = options.colorScheme ?? 'light';
  const page = await newPerson({ width, height: width === 360 ? 780 : 900, colorScheme });
  await page.addInitScript((theme) => localStorage.setItem('theme', theme), colorScheme);
  await page.goto('/');
  await signIn(page, { name: options.name, email: options.email });
  return page;
}

/** Posts Ithaca → Albany through the form, `days` from today, optionally every week for three more weeks. */
async function postToAlbany(page: Page, ride: { days: number; time: string; price: string; seats: string; weekly?: boolean }): Promise<void> {
  const header = page.getByRole('banner');
  if (!(await header.getByRole('button', { name: 'Post a Ride' }).isVisible())) await header.getByRole('button', { name: 'Open menu' }).click();
  await header.getByRole('button', { name: 'Post a Ride' }).click();
  const form = page.getByRole('dialog', { name: 'Post a New Ride' });
  await form.getByLabel('From', { exact: true }).selectOption({ label: 'Ithaca' });
  await form.getByLabel('To', { exact: true }).selectOption({ label: 'Albany' });
  await form.getByLabel('Date', { exact: true }).fill(await localDay(page, ride.days));
  await form.getByLabel('Time', { exact: true }).fill(ride.time);
  await form.getByLabel('Seats', { exact: true }).selectOption(ride.seats);
  await form.getByLabel('Price per seat ($)').fill(ride.price);
  if (ride.weekly) {
    await form.getByLabel('Repeat weekly').check();
    await form.getByLabel('Until').fill(await localDay(page, ride.days + 21));
  }
  await form.getByRole('button', { name: 'Post Ride' }).click();
  await expect(form).toBeHidden();
}

async function expectNoSeriousAxeFinding(page: Page): Promise<void> {
  const { violations } = await axeFor(page).analyze();
  const serious = violations.filter((each) => each.impact === 'serious' || each.impact === 'critical');
  expect(serious.map((each) => `${each.id}: ${each.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.describe('search filters in the address, the remembered college filter, My Rides in order', () => {
  test('a search is shared by its address, kept by a reload and walked by back; the college filter says what it hides and is remembered', async ({ newPerson }) => {
    test.setTimeout(240_000);
    // Two drivers of two colleges post to Albany tomorrow: the cheaper ride has one seat.
    const ivy = await person(newPerson, { name: 'Ivy Ithacan', email: uniqueEmail('ivy-filters', 'ithaca.edu') });
    await postToAlbany(ivy, { days: 1, time: '10:30', price: '30', seats: '3' });
    const cole = await person(newPerson, { name: 'Cole Cornellian', email: uniqueEmail('cole-filters') });
    await postToAlbany(cole, { days: 1, time: '12:00', price: '20', seats: '1' });

    // A Cornell student sees Cornell's ride, and how many the college filter leaves out.
    const pat = await person(newPerson, { name: 'Pat Filters', email: uniqueEmail('pat-filters') });
    await searchRoute(pat, 'Ithaca', 'Albany');
    const cards = pat.getByRole('article', { name: 'Ithaca → Albany' });
    await expect(cards).toHaveCount(1);
    const active = pat.getByTestId('active-filters');
    await expect(active).toContainText(/Showing rides from\s*Cornell\s*· 1 more ride from other colleges/);
    expect(TEXTS.rides.moreFromOtherColleges(1)).toBe('1 more ride from other colleges');
    await active.getByRole('button', { name: 'All colleges' }).click();
    await expect(cards).toHaveCount(2);
    await expect(active).toBeHidden();

    // Cheapest first, then at least two free seats: every change is in the address.
    const search = pat.getByRole('search', { name: 'Find a ride' });
    await search.getByLabel('Sort').selectOption({ label: 'Lowest price' });
    await expect(cards.first()).toContainText('$20');
    await search.getByLabel('Free seats').selectOption({ label: '2+' });
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('$30');
    const address = new URL(pat.url());
    expect(Object.fromEntries(address.searchParams)).toEqual({ from: 'ithaca', to: 'albany', colleges: 'all', sort: 'price', seats: '2' });

    // A reload keeps the search; back undoes the last change.
    await pat.reload();
    await expect(search.getByLabel('Free seats')).toHaveValue('2');
    await expect(search.getByLabel('Sort')).toHaveValue('price');
    await expect(cards).toHaveCount(1);
    await pat.goBack();
    await expect(search.getByLabel('Free seats')).toHaveValue('0');
    await expect(cards).toHaveCount(2);
    await pat.goForward();
    await expect(cards).toHaveCount(1);

    // A new visit without colleges in the address keeps the choice made (all colleges).
    await pat.goto('/');
    await expect(search.getByRole('button', { name: 'College College' })).toBeVisible();
    await expect(pat.getByTestId('active-filters')).toBeHidden();

    // The address shared with another student opens the same search, with Cornell only.
    const shared = '/?from=ithaca&to=albany&colleges=cornell&sort=price&verifiedDrivers=false';
    const friend = await person(newPerson, { name: 'Fran Friend', email: uniqueEmail('fran-filters') });
    await friend.goto(shared);
    const friendSearch = friend.getByRole('search', { name: 'Find a ride' });
    await expect(friendSearch.getByLabel('Departing from')).toHaveValue('ithaca');
    await expect(friendSearch.getByLabel('Sort')).toHaveValue('price');
    await expect(friend.getByRole('article', { name: 'Ithaca → Albany' })).toHaveCount(1);
    await friendSearch.getByLabel('Verified drivers only').check();
    await expect(friend.getByRole('article', { name: 'Ithaca → Albany' })).toHaveCount(0);
    expect(new URL(friend.url()).searchParams.get('verifiedDrivers')).toBe('true');
  });

  test('screenshots of the search panel with filters, desktop and 360 px, light and dark', async ({ newPerson }) => {
    test.setTimeout(180_000);
    const driver = await person(newPerson, { name: 'Ivy Screens', email: uniqueEmail('ivy-screens', 'ithaca.edu') });
    await postToAlbany(driver, { days: 2, time: '09:15', price: '28', seats: '3' });
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const width of [1280, 360]) {
        const page = await person(newPerson, { width, colorScheme, name: 'Sam Screens', email: uniqueEmail('sam-filters') });
        await page.goto('/?from=ithaca&to=albany&sort=price&seats=2&suitcases=1');
        await expect(page.getByTestId('active-filters')).toContainText(/\d+ more rides? from other colleges/);
        await expectNoSeriousAxeFinding(page);
        await saveScreenshot(page, `search-filters-${width}-${colorScheme}`, { fullPage: width === 360 });
        await page.close();
      }
    }
  });

  test('My Rides: upcoming soonest first, a weekly series as one card whose dates open their ride; desktop and 360 px, light and dark', async ({ newPerson }) => {
    test.setTimeout(240_000);
    for (const [index, colorScheme, width] of [
      [0, 'light', 1280],
      [1, 'dark', 1280],
      [2, 'light', 360],
      [3, 'dark', 360],
    ] as const) {
      const driver = await person(newPerson, { width, colorScheme, name: 'Wes Weekly', email: uniqueEmail(`wes-my-rides-${index}`) });
      // Posted later but departing first: the single ride comes after the series' first date.
      await postToAlbany(driver, { days: 3, time: '08:00', price: '25', seats: '3' });
      await postToAlbany(driver, { days: 1, time: '10:30', price: '22', seats: '3', weekly: true });
      await driver.goto('/my-rides');
      await expect(driver.getByRole('heading', { name: 'My Rides' })).toBeVisible({ timeout: 30_000 });
      const upcoming = driver.getByRole('region', { name: TEXTS.rides.upcomingSection });
      const cards = upcoming.getByRole('article');
      await expect(cards).toHaveCount(2);
      await expect(cards.nth(0)).toHaveAttribute('aria-label', 'Weekly ride: Ithaca → Albany');
      await expect(cards.nth(1)).toHaveAttribute('aria-label', 'Ithaca → Albany');
      const series = cards.nth(0);
      await expect(series).toContainText('Weekly ride · 4 dates');
      await expect(series.getByRole('list', { name: 'Dates' }).getByRole('listitem')).toHaveCount(4);
      if (index === 0) await expectNoSeriousAxeFinding(driver);
      await saveScreenshot(driver, `my-rides-series-${width}-${colorScheme}`);
      if (index === 0) {
        await series.getByRole('button', { name: /^View Details:/ }).nth(1).click();
        const dialog = driver.getByRole('dialog', { name: 'Ithaca → Albany' });
        await expect(dialog).toContainText('This ride is part of a weekly series');
        await dialog.press('Escape');
      }
      await driver.close();
    }
  });
});
