import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from '@playwright/test';
import { TEXTS } from '../../packages/shared/src/texts.js';
import { allowConsoleErrors, test as base, expect, signInThroughUi, uniqueEmail, saveScreenshot, axeFor } from '../fixtures/test.js';

/**
 * A small Nominatim-compatible geocoder on loopback: the browser asks it directly, as it would ask
 * a real instance (no network outside this machine, nothing mocked in the page).
 */
interface GeocoderPeer {
  url: string;
  /** 'ok' answers, 'error' answers 500, 'down' drops every connection. */
  mode: 'ok' | 'error' | 'down';
  requests: { query: string; headers: IncomingHttpHeaders; at: number }[];
}

const PLACES = [
  { display_name: 'Collegetown Bagels, 415 College Avenue, Ithaca, New York, 14850, United States', lat: '42.4424', lon: '-76.4853' },
  { display_name: 'College Avenue, Collegetown, Ithaca, New York, 14850, United States', lat: '42.4415', lon: '-76.4851' },
  { display_name: 'Ithaca Commons, Ithaca, New York, 14850, United States', lat: '42.4393', lon: '-76.4970' },
];

const test = base.extend<object, { geocoder: GeocoderPeer }>({
  geocoder: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const peer: GeocoderPeer = { url: '', mode: 'ok', requests: [] };
      const server: Server = createServer((request, response) => {
        const url = new URL(request.url ?? '/', 'http://geocoder.local');
        if (peer.mode === 'down') {
          request.socket.destroy();
          return;
        }
        if (request.method === 'OPTIONS') {
          response.writeHead(204, { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'accept' }).end();
          return;
        }
        const query = url.searchParams.get('q') ?? '';
        peer.requests.push({ query, headers: request.headers, at: Date.now() });
        if (peer.mode === 'error' || url.pathname !== '/search') {
          response.writeHead(500, { 'access-control-allow-origin': '*', 'content-type': 'text/plain' }).end('Internal Server Error');
          return;
        }
        const words = query.toLowerCase().split(/\s+/).filter(Boolean);
        const found = PLACES.filter((place) => words.every((word) => place.display_name.toLowerCase().includes(word)));
        response.writeHead(200, { 'access-control-allow-origin': '*', 'content-type': 'application/json' }).end(JSON.stringify(found));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      peer.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/search`;
      await use(peer);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
    { scope: 'worker' },
  ],
  serverEnv: [async ({ geocoder }, use) => use({ GEOCODER_URL: geocoder.url, LOG_LEVEL: 'error' }), { scope: 'worker' }],
});

function daysAhead(days: number): string {
  return new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

async function openPostRideForm(page: Page): Promise<Locator> {
  const header = page.getByRole('banner');
  const post = header.getByRole('button', { name: 'Post a Ride' });
  await expect(post.or(header.getByRole('button', { name: 'Open menu' })).first()).toBeVisible();
  if (!(await post.isVisible())) await header.getByRole('button', { name: 'Open menu' }).click();
  await header.getByRole('button', { name: 'Post a Ride' }).click();
  const dialog = page.getByRole('dialog', { name: 'Post a New Ride' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function expectAccessible(page: Page): Promise<void> {
  const { violations } = await axeFor(page).analyze();
  const serious = violations.filter((each) => each.impact === 'serious' || each.impact === 'critical');
  expect(serious.map((each) => `${each.id}: ${each.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.describe('address suggestions from the configured geocoder', () => {
  test('a driver picks the pickup address from the suggestions by keyboard, and the ride is posted with its coordinates', async ({ newPerson, geocoder }) => {
    geocoder.mode = 'ok';
    const page = await newPerson();
    await page.goto('/');
    await signInThroughUi(page, { name: 'Gina Geo', email: uniqueEmail('gina') });
    await expect(page.getByRole('dialog')).toBeHidden();
    const before = geocoder.requests.length;
    const dialog = await openPostRideForm(page);
    await dialog.getByLabel('From', { exact: true }).selectOption({ label: 'Ithaca' });
    await dialog.getByLabel('To', { exact: true }).selectOption({ label: 'Syracuse' });
    await dialog.getByLabel('Date').fill(daysAhead(3));
    await dialog.getByLabel('Time').fill('10:00');
    await dialog.getByLabel('Price per seat ($)').fill('15');

    const pickup = dialog.getByRole('combobox', { name: 'Pickup address (optional)' });
    // Entered at once: typed key by key, a stall of a loaded machine between two keys can outlast
    // the 350 ms pause and ask for a prefix as well. One request for a burst of keys is shown by
    // the component's own test (address-input.test.tsx).
    await pickup.fill('college ave');
    const list = page.getByRole('listbox', { name: 'Address suggestions' });
    await expect(list.getByRole('option')).toHaveCount(2);
    // It asks once, and names the site as the usage policies ask.
    const asked = geocoder.requests.slice(before);
    expect(asked.map((request) => request.query)).toEqual(['college ave']);
    expect(asked[0]!.headers.referer).toBe(`${new URL(page.url()).origin}/`);
    await expectAccessible(page);
    await saveScreenshot(page, 'address-suggestions-light-1280', { fullPage: false });

    await pickup.press('ArrowDown');
    await expect(list.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    await pickup.press('ArrowDown');
    await expect(list.getByRole('option').nth(1)).toHaveAttribute('aria-selected', 'true');
    await pickup.press('Enter');
    await expect(list).toBeHidden();
    await expect(dialog).toBeVisible();
    await expect(pickup).toHaveValue(PLACES[1]!.display_name);

    // Escape closes the list only; the form stays open with what was typed.
    const dropoff = dialog.getByRole('combobox', { name: 'Drop-off address (optional)' });
    await dropoff.pressSequentially('ithaca commons', { delay: 40 });
    await expect(list.getByRole('option')).toHaveCount(1);
    await dropoff.press('Escape');
    await expect(list).toBeHidden();
    await expect(dialog).toBeVisible();
    await expect(dropoff).toHaveValue('ithaca commons');
    // At most one request a second from the page, whatever the fields.
    const times = geocoder.requests.slice(before).map((request) => request.at);
    for (let index = 1; index < times.length; index += 1) expect(times[index]! - times[index - 1]!).toBeGreaterThanOrEqual(950);

    const posted = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/rides');
    await dialog.getByRole('button', { name: 'Post Ride' }).click();
    const body = (await posted).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({ pickupAddress: PLACES[1]!.display_name, pickupLat: 42.4415, pickupLng: -76.4851 });
    // The drop-off was typed, not picked: no coordinates.
    expect(body).toMatchObject({ dropoffAddress: 'ithaca commons', dropoffLat: null, dropoffLng: null });
    await expect(dialog).toBeHidden();
  });

  test('the ride request form offers suggestions too, and says so under the field when the geocoder fails or is down', async ({ newPerson, geocoder }) => {
    // The geocoder's failure (500) and its absence (no answer) are what the test provokes.
    allowConsoleErrors(/status of 500 \(Internal Server Error\)/, /net::ERR_EMPTY_RESPONSE/);
    geocoder.mode = 'ok';
    const page = await newPerson({ width: 360, height: 740, colorScheme: 'dark' });
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await page.goto('/ride-requests');
    await signInThroughUi(page, { name: 'Rory Request', email: uniqueEmail('rory') });
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.getByRole('button', { name: 'Post a Request' }).click();
    const form = page.getByRole('dialog', { name: 'Request a Ride' });
    const pickup = form.getByRole('combobox', { name: 'Pickup address' });
    await pickup.pressSequentially('bagels', { delay: 40 });
    const list = page.getByRole('listbox', { name: 'Address suggestions' });
    await expect(list.getByRole('option')).toHaveCount(1);
    await saveScreenshot(page, 'address-suggestions-dark-360', { fullPage: false });
    await list.getByRole('option').first().click();
    await expect(pickup).toHaveValue(PLACES[0]!.display_name);

    geocoder.mode = 'error';
    const dropoff = form.getByRole('combobox', { name: 'Drop-off address' });
    await dropoff.pressSequentially('syracuse bus', { delay: 40 });
    const note = form.getByText(TEXTS.addressSuggestionsUnavailable);
    await expect(note).toBeVisible();
    await expect(list).toBeHidden();
    await expectAccessible(page);
    await saveScreenshot(page, 'address-suggestions-unavailable-dark-360', { fullPage: false });
    // Typing goes on, and the request is sent as typed.
    await dropoff.pressSequentially(' station', { delay: 20 });
    await expect(dropoff).toHaveValue('syracuse bus station');

    geocoder.mode = 'down';
    await pickup.fill('');
    await pickup.pressSequentially('downtown ithaca', { delay: 20 });
    await expect(form.getByText(TEXTS.addressSuggestionsUnavailable)).toHaveCount(2);

    await form.getByLabel('From', { exact: true }).selectOption({ label: 'Ithaca' });
    await form.getByLabel('To', { exact: true }).selectOption({ label: 'Syracuse' });
    await form.getByLabel('Date').fill(daysAhead(4));
    await form.getByLabel('Time').fill('09:30');
    const sent = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/ride-requests');
    await form.getByRole('button', { name: 'Request Ride' }).click();
    expect((await sent).postDataJSON()).toMatchObject({
      preferredPickupAddress: 'downtown ithaca',
      preferredPickupLat: null,
      preferredDropoffAddress: 'syracuse bus station',
    });
    await expect(form).toBeHidden();
  });
});
