import type { Page } from '@playwright/test';
import { startTestOidcProvider, type TestOidcProvider } from '../../apps/server/src/test/oidc-provider.js';
import { freePort, startServer } from '../fixtures/server.js';
import { allowConsoleErrors, axeFor, test as base, expect, openSignIn, saveScreenshot, uniqueEmail } from '../fixtures/test.js';
import { saveDialogScreenshot } from '../fixtures/journeys.js';

/**
 * Every student can sign in (issue 34): the cornell region offers Google (the development provider
 * here), a code sent to the university address, and the campus's own provider, a real OpenID
 * Connect provider (the `oidc-provider` package) on loopback with its own login page.
 */
interface Campus {
  provider: TestOidcProvider;
  /** The app's port, known before it starts: the provider must list the app's redirect URI. */
  appPort: number;
}

const NINA = { login: 'nina', sub: 'netid-nina', email: 'nina.netid@cornell.edu', name: 'Nina Netid' };

const test = base.extend<object, { campus: Campus }>({
  campus: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const appPort = await freePort();
      const provider = await startTestOidcProvider({
        redirectUris: [`http://127.0.0.1:${appPort}/api/auth/oidc/callback`],
        loginPage: { accounts: { [NINA.login]: { sub: NINA.sub, email: NINA.email, email_verified: true, name: NINA.name } } },
      });
      await use({ provider, appPort });
      await provider.close();
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ campus }, use) => {
      const server = await startServer(
        {
          SIGN_IN_METHODS_CORNELL: 'google,email-code,oidc',
          OIDC_CORNELL_ISSUER: campus.provider.issuer,
          OIDC_CORNELL_CLIENT_ID: campus.provider.clientId,
          OIDC_CORNELL_CLIENT_SECRET: campus.provider.clientSecret,
          OIDC_CORNELL_LABEL: 'Sign in with NetID',
          OIDC_CORNELL_EMAIL_DOMAINS: 'cornell.edu',
          LOG_LEVEL: 'error',
        },
        { port: campus.appPort },
      );
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
});

const PHONE = { width: 360, height: 780 };

async function expectAccessible(page: Page): Promise<void> {
  const { violations } = await axeFor(page).analyze();
  const serious = violations.filter((each) => each.impact === 'serious' || each.impact === 'critical');
  expect(serious.map((each) => `${each.id}: ${each.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The header shows the signed-in person's name and Sign out (behind the menu on a phone). */
async function expectSignedInAs(page: Page, name: string): Promise<void> {
  const header = page.getByRole('banner');
  const menu = header.getByRole('button', { name: 'Open menu' });
  await expect(menu.or(header.getByRole('button', { name: 'Sign out' })).first()).toBeVisible();
  if (await menu.isVisible()) await menu.click();
  await expect(header.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(header.getByText(name, { exact: true }).filter({ visible: true })).toBeVisible();
}

test.describe('every student can sign in', () => {
  test('a student signs in with a code read from the development mailbox, at 360 px', async ({ newPerson }) => {
    const email = uniqueEmail('codey');
    const page = await newPerson(PHONE);
    await page.goto('/');
    await openSignIn(page);
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    await dialog.getByRole('checkbox', { name: 'I accept the Terms of Service' }).check();
    await dialog.getByLabel('University e-mail').fill(email);
    await dialog.getByRole('button', { name: 'Email me a code' }).click();
    const codeInput = dialog.getByLabel('6-digit code');
    await expect(codeInput).toBeFocused();
    await saveDialogScreenshot(page, 'sign-in-code-step-light-360');

    // The student reads the e-mail where development keeps it, in another tab.
    const mailbox = await page.context().newPage();
    await expect(async () => {
      await mailbox.goto('/dev/mail');
      await mailbox.getByRole('row').filter({ hasText: email }).getByRole('link', { name: 'Your sign-in code for Carpool at Cornell' }).first().click({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    const text = await mailbox.locator('pre').innerText();
    const code = /^\s+(\d{6})$/m.exec(text)?.[1];
    expect(code, text).toMatch(/^\d{6}$/);
    await mailbox.close();

    await codeInput.fill(code!);
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('auth_token_cornell'))).not.toBeNull();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('revy_user_cornell') ?? '{}') as { email?: string });
    expect(stored.email).toBe(email);
    await expectSignedInAs(page, email.split('@')[0]!);
  });

  test("a student signs in through the campus provider's own login page and comes back where they were, at 360 px", async ({ newPerson, campus }) => {
    const page = await newPerson({ ...PHONE, colorScheme: 'dark' });
    await page.goto('/ride-requests');
    await openSignIn(page);
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    await dialog.getByRole('checkbox', { name: 'I accept the Terms of Service' }).check();
    // The provider's own page asks for a web font and a favicon it does not have: not the app's errors.
    allowConsoleErrors(/fonts\.googleapis\.com/, new RegExp(`${campus.provider.issuer}/favicon\\.ico`));
    await dialog.getByRole('button', { name: 'Sign in with NetID' }).click();

    // The provider's page, on its own origin: any login of its accounts and a password.
    await page.getByPlaceholder('Enter any login').fill(NINA.login);
    await page.getByPlaceholder('and password').fill('correct horse battery staple');
    await saveScreenshot(page, 'sign-in-campus-provider-360', { fullPage: false });
    await page.getByRole('button', { name: 'Sign-in' }).click();

    await expect(page).toHaveURL(/\/ride-requests$/, { timeout: 20_000 });
    // The one-time code never stays in the address.
    expect(page.url()).not.toContain('#');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('auth_token_cornell'))).not.toBeNull();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('revy_user_cornell') ?? '{}') as { email?: string; name?: string });
    expect(stored).toMatchObject({ email: NINA.email, name: NINA.name });
    await expectSignedInAs(page, NINA.name);
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`the sign-in dialog with all three ways in, ${colorScheme} theme, at 360 px and on a desktop`, async ({ newPerson }) => {
      for (const size of [PHONE, { width: 1280, height: 900 }]) {
        const page = await newPerson({ ...size, colorScheme });
        await page.goto('/');
        await openSignIn(page);
        const dialog = page.getByRole('dialog', { name: 'Sign in' });
        await expect(dialog.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
        await expect(dialog.getByRole('button', { name: 'Sign in with NetID' })).toBeVisible();
        await expect(dialog.getByRole('button', { name: 'Email me a code' })).toBeEnabled();
        await expect(dialog.getByLabel('University e-mail')).toBeVisible();
        // Nothing is wider than the phone's screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
        await expectAccessible(page);
        await saveDialogScreenshot(page, `sign-in-methods-${colorScheme}-${size.width}`);
      }
    });
  }
});
