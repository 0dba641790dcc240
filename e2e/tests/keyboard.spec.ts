import type { Locator, Page } from '@playwright/test';
import { TEXTS } from '../../packages/shared/src/texts.js';
import { expect, signInThroughUi, test, uniqueEmail } from '../fixtures/test.js';

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
  test('sign in, search, open a ride, book, chat; nested dialogs closed one Escape at a time', async ({ newPerson, server }) => {
    test.setTimeout(180_000);
    // The driver signs in as usual and posts through the API; then only keys are used.
    const driverPage = await newPerson();
    await driverPage.goto('/');
    await signInThroughUi(driverPage, { name: 'Kim Driver', email: uniqueEmail('kim') });
    await expect.poll(() => driverPage.evaluate(() => localStorage.getItem('auth_token_cornell'))).not.toBeNull();
    const token = (await driverPage.evaluate(() => localStorage.getItem('auth_token_cornell'))) ?? '';
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

    // The passenger signs in with the keyboard, in the app and in the identity provider's window.
    const page = await newPerson();
    await page.goto('/');
    await tabTo(page, page.getByRole('banner').getByRole('button', { name: 'Sign in', exact: true }));
    await page.keyboard.press('Enter');
    const signIn = page.getByRole('dialog', { name: 'Sign in' });
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
    // The window may close before the key press is acknowledged; its closing is the proof.
    const closed = popup.waitForEvent('close');
    await popup.keyboard.press('Enter').catch(() => undefined);
    await closed;
    await expect(signIn).toBeHidden();

    // Search, open the ride, book it, write in its chat, close it.
    const search = page.getByRole('search', { name: 'Find a ride' });
    await tabTo(page, search.getByRole('button', { name: /Search/ }));
    await page.keyboard.press('Enter');
    const card = page.getByRole('article').filter({ hasText: note });
    await tabTo(page, card.getByRole('button', { name: /^Reserve/ }));
    await page.keyboard.press('Enter');
    const detail = page.getByRole('dialog', { name: 'Ithaca → Boston' });
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
    await expect(card.getByRole('button', { name: /^Pending/ })).toBeFocused();

    // The driver's ride dialog, and over it the cancel confirmation: Escape closes one at a time,
    // and each time the focus goes back to what opened the closed layer.
    await driverPage.reload();
    const driverCard = driverPage.getByRole('article').filter({ hasText: note });
    const details = driverCard.getByRole('button', { name: /^Details/ });
    await tabTo(driverPage, details);
    await driverPage.keyboard.press('Enter');
    const driverDetail = driverPage.getByRole('dialog', { name: 'Ithaca → Boston' });
    const cancelRide = driverDetail.getByRole('button', { name: 'Cancel ride' });
    await tabTo(driverPage, cancelRide);
    await driverPage.keyboard.press('Enter');
    const question = driverPage.getByRole('alertdialog', { name: TEXTS.confirmCancelRide });
    await expect(question.getByRole('button', { name: 'Keep ride' })).toBeFocused();
    await driverPage.keyboard.press('Escape');
    await expect(question).toBeHidden();
    await expect(driverDetail).toBeVisible();
    await expect(cancelRide).toBeFocused();
    await driverPage.keyboard.press('Escape');
    await expect(driverDetail).toBeHidden();
    await expect(details).toBeFocused();
  });
});
