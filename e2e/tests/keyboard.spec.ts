import type { Locator, Page } from '@playwright/test';
import { TEXTS } from '../../packages/shared/src/texts.js';
import { expect, test, uniqueEmail } from '../fixtures/test.js';

/** Presses Tab (Shift+Tab backwards) until the element has the focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 80 } = {}): Promise<void> {
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${String(target)}`);
}

async function callApi<T>(baseURL: string, token: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseURL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-region': 'cornell', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

test.describe('keyboard only', () => {
  test('search, open a ride, nested dialogs closed one Escape at a time, sign in, book, chat', async ({ newPerson, server }) => {
    test.setTimeout(150_000);
    // The driver and the ride come through the API; everything the passenger does is keys.
    const { tokenId } = await callApi<{ tokenId: string }>(server.baseURL, '', '/api/dev/id-token', { name: 'Kim Driver', email: uniqueEmail('kim') });
    const { token } = await callApi<{ token: string }>(server.baseURL, '', '/api/auth/google', { tokenId });
    const note = `Keyboard ride ${Date.now().toString(36)}`;
    await callApi(server.baseURL, token, '/api/rides', {
      from: 'ithaca',
      to: 'boston',
      date: new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10),
      time: '15:00',
      totalSeats: 3,
      totalSuitcases: 2,
      price: 20,
      notes: [note],
      timezone: 'America/New_York',
    });

    const page = await newPerson();
    await page.goto('/');
    const search = page.getByRole('search', { name: 'Find a ride' });
    await tabTo(page, search.getByRole('button', { name: /Search/ }));
    await page.keyboard.press('Enter');
    const card = page.getByRole('article').filter({ hasText: note });
    await expect(card).toBeVisible();

    // Open the ride; from its dialog, the sign-in dialog on top.
    await tabTo(page, card.getByRole('button', { name: 'Ithaca → Boston', exact: true }));
    await page.keyboard.press('Enter');
    const detail = page.getByRole('dialog', { name: 'Ithaca → Boston' });
    await expect(detail.getByRole('heading', { name: 'Trip Notes' })).toBeVisible();
    const reserve = detail.getByRole('button', { name: TEXTS.reservePromptButton });
    await tabTo(page, reserve);
    await page.keyboard.press('Enter');
    const signIn = page.getByRole('dialog', { name: /Sign in/i });
    await expect(signIn).toBeVisible();

    // Escape closes the top dialog only, and the focus goes back to what opened it.
    await page.keyboard.press('Escape');
    await expect(signIn).toBeHidden();
    await expect(detail).toBeVisible();
    await expect(reserve).toBeFocused();

    // Sign in with the keyboard, in the app and in the identity provider's window.
    await page.keyboard.press('Enter');
    await expect(signIn).toBeVisible();
    const terms = signIn.getByRole('checkbox');
    if (!(await terms.isChecked())) {
      await tabTo(page, terms);
      await page.keyboard.press('Space');
    }
    const popupPromise = page.waitForEvent('popup');
    await tabTo(page, signIn.getByRole('button', { name: /google/i }));
    await page.keyboard.press('Enter');
    const popup = await popupPromise;
    await tabTo(popup, popup.getByLabel('Name'));
    await popup.keyboard.type('Kai Keyboard');
    await tabTo(popup, popup.getByLabel('E-mail'));
    await popup.keyboard.type(uniqueEmail('kai'));
    const closed = popup.waitForEvent('close');
    await popup.keyboard.press('Enter');
    await closed;
    await expect(signIn).toBeHidden();

    // Book from the ride's dialog, then write in its chat.
    const book = detail.getByRole('button', { name: TEXTS.rides.bookThisRide });
    await expect(book).toBeVisible();
    await tabTo(page, book);
    await page.keyboard.press('Enter');
    await expect(detail.getByText('Your booking: 1 seat, 1 suitcase')).toBeVisible();
    await expect(detail.getByText('Live', { exact: true })).toBeVisible();
    const box = detail.getByPlaceholder(TEXTS.typeMessage);
    await tabTo(page, box);
    await page.keyboard.type('See you at the Commons!');
    await page.keyboard.press('Enter');
    await expect(detail.getByRole('log').getByText('See you at the Commons!')).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();
  });
});
