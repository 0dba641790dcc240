import type { Locator, Page } from '@playwright/test';
import { allowConsoleErrors, expect, saveScreenshot, signInThroughUi, test, uniqueEmail, axeFor } from '../fixtures/test.js';

interface Session {
  token: string;
  user: { id: string; name: string };
}

async function sessionOf(page: Page): Promise<Session> {
  // The dev window closes before the app has exchanged its token for a session.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('auth_token_cornell'))).not.toBeNull();
  const stored = await page.evaluate(() => ({
    token: localStorage.getItem('auth_token_cornell'),
    user: localStorage.getItem('revy_user_cornell'),
  }));
  if (!stored.token || !stored.user) throw new Error('not signed in');
  return { token: stored.token, user: JSON.parse(stored.user) as Session['user'] };
}

/** The parts the browser does not need to show (posting a ride, booking it) go through the API. */
async function callApi<T>(baseURL: string, token: string, path: string, body: unknown, method = 'POST'): Promise<T> {
  const response = await fetch(`${baseURL}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-region': 'cornell', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** A person who never opens a browser: the dev identity provider's token, exchanged for a session. */
async function signInThroughApi(baseURL: string, name: string): Promise<Session> {
  const { tokenId } = await callApi<{ tokenId: string }>(baseURL, '', '/api/dev/id-token', { name, email: uniqueEmail('api') });
  const { token, ...user } = await callApi<Session['user'] & { token: string }>(baseURL, '', '/api/auth/google', { tokenId });
  return { token, user };
}

/**
 * A full-page picture of a page under an open dialog shows the page, not the dialog: the chat is
 * pictured as the viewport shows it, scrolled down to the text box.
 */
async function saveDialogScreenshot(page: Page, dialog: Locator, name: string): Promise<void> {
  await dialog.getByPlaceholder('Type a message...').scrollIntoViewIfNeeded();
  await saveScreenshot(page, name, { fullPage: false });
}

/** No serious or critical axe-core finding inside the part of the page this feature draws. */
async function expectAccessible(page: Page, selector: string): Promise<void> {
  const { violations } = await axeFor(page).include(selector).analyze();
  const serious = violations.filter((each) => each.impact === 'serious' || each.impact === 'critical');
  expect(serious.map((each) => `${each.id}: ${each.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

function tomorrow(): string {
  return new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

async function postRide(baseURL: string, token: string, note: string): Promise<{ id: string }> {
  return callApi(baseURL, token, '/api/rides', {
    from: 'ithaca',
    to: 'new_york_city',
    date: tomorrow(),
    time: '15:00',
    totalSeats: 3,
    totalSuitcases: 2,
    price: 25,
    notes: [note],
    timezone: 'America/New_York',
  });
}

async function bookRide(baseURL: string, token: string, rideId: string): Promise<{ id: string }> {
  return callApi(baseURL, token, '/api/bookings/bookRide', { rideId, seats: 1, suitcases: 1, paymentIntentId: 'NO_STRIPE' });
}

async function openRideDetails(page: Page, note: string, buttonLabel: RegExp) {
  await page.goto('/');
  const card = page.getByRole('article').filter({ hasText: note });
  await card.getByRole('button', { name: buttonLabel }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Messages' })).toBeVisible();
  // The chat joins its room once the socket is connected.
  await expect(dialog.getByText('Live', { exact: true })).toBeVisible();
  return dialog;
}

test.describe('messaging', () => {
  test('ride chat, direct messages, inbox and the bell between two people', async ({ newPerson, server }) => {
    // One long journey through two browsers; on two shared cores it can outlast the default.
    test.setTimeout(120_000);
    const driverPage = await newPerson({ width: 1280, height: 900 });
    const passengerPage = await newPerson({ width: 360, height: 780, colorScheme: 'dark' });

    await driverPage.goto('/');
    await signInThroughUi(driverPage, { name: 'Dana Driver', email: uniqueEmail('dana') });
    await passengerPage.goto('/');
    await signInThroughUi(passengerPage, { name: 'Pat Passenger', email: uniqueEmail('pat') });
    const driver = await sessionOf(driverPage);
    const passenger = await sessionOf(passengerPage);

    const note = `Chat test ride ${Date.now().toString(36)}`;
    const ride = await postRide(server.baseURL, driver.token, note);

    // The bell: nothing unread, then a booking request arrives live.
    const driverBell = driverPage.getByRole('banner').getByRole('button', { name: /^Notifications/ });
    await expect(driverBell).toHaveAccessibleName('Notifications');
    const booking = await bookRide(server.baseURL, passenger.token, ride.id);
    await expect(driverBell).toHaveAccessibleName('Notifications, 1 unread');
    await driverBell.click();
    const bellPanel = driverPage.getByRole('region', { name: 'Notifications' });
    await expect(bellPanel.getByRole('button', { name: /New booking request/ })).toBeVisible();
    await expectAccessible(driverPage, 'header');
    await saveScreenshot(driverPage, 'messaging-bell-1280');
    await driverPage.keyboard.press('Escape');

    // The ride chat in the detail dialog, on both sides.
    const driverChat = await openRideDetails(driverPage, note, /^Details/);
    const passengerChat = await openRideDetails(passengerPage, note, /^Pending/);

    const hello = 'Hi! I will wait at the Commons at 3.';
    await driverChat.getByPlaceholder('Type a message...').fill(hello);
    await driverChat.getByPlaceholder('Type a message...').press('Enter');
    await expect(passengerChat.getByRole('log').getByText(hello)).toBeVisible();
    await expect(driverChat.getByRole('log').getByText(hello)).toHaveCount(1);

    const reply = 'Great, I have one small suitcase.';
    const passengerBox = passengerChat.getByPlaceholder('Type a message...');
    await passengerBox.fill('   ');
    await expect(passengerChat.getByRole('button', { name: 'Send' })).toBeDisabled();
    await passengerBox.fill(reply);
    await passengerBox.press('Enter');
    await expect(driverChat.getByRole('log').getByText(reply)).toBeVisible();
    await expect(passengerChat.getByRole('log').getByText(reply)).toHaveCount(1);
    // Own messages on the right, the other person's on the left.
    await expect(driverChat.getByRole('listitem').filter({ hasText: hello })).toHaveAttribute('data-own', 'true');
    await expect(driverChat.getByRole('listitem').filter({ hasText: reply })).toHaveAttribute('data-own', 'false');

    await expectAccessible(driverPage, '[role="log"]');
    await saveDialogScreenshot(driverPage, driverChat, 'messaging-ride-chat-1280');
    await saveDialogScreenshot(passengerPage, passengerChat, 'messaging-ride-chat-360');

    // Direct messages: the driver watches the inbox while the passenger writes.
    await driverPage.goto('/inbox');
    await expect(driverPage.getByText('No conversations yet.')).toBeVisible();

    await passengerPage.goto(`/conversation-messages/${driver.user.id}`);
    await expect(passengerPage.getByRole('heading', { name: 'Dana Driver' })).toBeVisible();
    await expect(passengerPage.getByText('No messages yet. Start the conversation!')).toBeVisible();
    await expect(passengerPage.getByRole('button', { name: 'Send' })).toBeDisabled();
    const question = 'Could you pick me up on Cayuga Street?';
    await passengerPage.getByPlaceholder('Type a message...').fill(question);
    await passengerPage.getByRole('button', { name: 'Send' }).click();
    await expect(passengerPage.getByRole('log').getByText(question)).toBeVisible();

    const row = driverPage.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: /Pat Passenger/ });
    await expect(row).toContainText(question);
    await expect(row.getByLabel('1 unread')).toHaveText('1');
    await expectAccessible(driverPage, 'main');
    await saveScreenshot(driverPage, 'messaging-inbox-1280');

    await row.click();
    await expect(driverPage).toHaveURL(new RegExp(`/conversation-messages/${passenger.user.id}$`));
    await expect(driverPage.getByRole('heading', { name: 'Pat Passenger' })).toBeVisible();
    await expect(driverPage.getByRole('log').getByText(question)).toBeVisible();

    // Live in the open conversation, both ways.
    const followUp = 'It is the house with the blue door.';
    await passengerPage.getByPlaceholder('Type a message...').fill(followUp);
    await passengerPage.getByPlaceholder('Type a message...').press('Enter');
    await expect(driverPage.getByRole('log').getByText(followUp)).toBeVisible();
    const answer = 'Sure, see you there!';
    await driverPage.getByPlaceholder('Type a message...').fill(answer);
    await driverPage.getByPlaceholder('Type a message...').press('Enter');
    await expect(passengerPage.getByRole('log').getByText(answer)).toBeVisible();
    await expect(driverPage.getByRole('listitem').filter({ hasText: answer })).toHaveAttribute('data-own', 'true');

    await expectAccessible(driverPage, 'main');
    await expectAccessible(passengerPage, 'main');
    await saveScreenshot(driverPage, 'messaging-conversation-1280');
    await saveScreenshot(passengerPage, 'messaging-conversation-360');

    // Read on screen means read: the passenger's inbox shows no badge, the driver's row the last message.
    await passengerPage.goto('/inbox');
    const passengerRow = passengerPage.getByRole('link', { name: /Dana Driver/ });
    await expect(passengerRow).toContainText(answer);
    await expect(passengerRow.getByLabel(/unread/)).toHaveCount(0);
    await saveScreenshot(passengerPage, 'messaging-inbox-360');
    await driverPage.goto('/inbox');
    await expect(driverPage.getByRole('link', { name: /Pat Passenger/ }).getByLabel(/unread/)).toHaveCount(0);

    // The passenger's bell on a phone: the driver accepts, the bell counts it and leads to the ride on My Rides.
    const passengerBell = passengerPage.getByRole('banner').getByRole('button', { name: /^Notifications/ });
    await expect(passengerBell).toHaveAccessibleName('Notifications');
    await callApi(server.baseURL, driver.token, `/api/bookings/${booking.id}/status`, { status: 'confirmed' }, 'PUT');
    await expect(passengerBell).toHaveAccessibleName('Notifications, 1 unread');
    await passengerBell.click();
    const accepted = passengerPage.getByRole('region', { name: 'Notifications' }).getByRole('button', { name: /Booking confirmed/ });
    await expect(accepted).toBeVisible();
    await saveScreenshot(passengerPage, 'messaging-bell-360');
    await accepted.click();
    await expect(passengerPage).toHaveURL(new RegExp(`/my-rides\\?ride=${ride.id}$`));
    const rideDialog = passengerPage.getByRole('dialog', { name: 'Ithaca → New York City' });
    await expect(rideDialog).toBeVisible();
    await passengerPage.keyboard.press('Escape');
    await expect(rideDialog).toBeHidden();
    await expect(passengerPage).toHaveURL(/\/my-rides$/);
    await expect(passengerBell).toHaveAccessibleName('Notifications');
  });

  test('a ride chat that lost its connection fetches what it missed', async ({ newPerson, server }) => {
    // The page's socket and calls meet the server while it is down; the app logs the calls' failures.
    allowConsoleErrors(/WebSocket connection to '[^']*' failed/, /net::ERR_CONNECTION_REFUSED/, /ApiError: Failed to fetch/);
    const driver = await signInThroughApi(server.baseURL, 'Dana Driver');
    const note = `Reconnect test ride ${Date.now().toString(36)}`;
    const ride = await postRide(server.baseURL, driver.token, note);
    const passengerPage = await newPerson();
    await passengerPage.goto('/');
    await signInThroughUi(passengerPage, { name: 'Pat Passenger', email: uniqueEmail('pat') });
    const passenger = await sessionOf(passengerPage);
    await bookRide(server.baseURL, passenger.token, ride.id);

    const chat = await openRideDetails(passengerPage, note, /^Pending/);
    const before = await callApi<{ id: string }>(server.baseURL, driver.token, '/api/messages/send', { rideId: ride.id, content: 'Before the restart' });
    await expect(chat.getByRole('log').getByText('Before the restart')).toBeVisible();

    // A restarted process has no recovery state for this socket: the chat must ask for the gap.
    const catchUp = passengerPage.waitForRequest((request) => request.url().includes(`/api/messages/ride/${ride.id}?`) && request.url().includes(`after=${before.id}`));
    await server.restart();
    await callApi(server.baseURL, driver.token, '/api/messages/send', { rideId: ride.id, content: 'While you were away' });
    await catchUp;
    await expect(chat.getByRole('log').getByText('While you were away')).toHaveCount(1);
    await expect(chat.getByText('Live', { exact: true })).toBeVisible();
    await expect(chat.getByRole('log').getByRole('listitem')).toHaveCount(2);
  });
});
