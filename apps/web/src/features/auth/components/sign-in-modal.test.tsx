import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allowConsoleErrors } from '../../../test/console-errors';
import { fakeServer, testUser } from '../../../test/fake-server';
import { renderWithApp } from '../../../test/render-with-app';
import { SignInModal } from './sign-in-modal';

const devConfig = { mode: 'dev', googleClientId: null, googleMapsApiKey: null, mapTileUrl: null };

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The dev window posts its token back; the test plays that window with the page itself. */
function postDevToken(tokenId: string) {
  window.dispatchEvent(
    new MessageEvent('message', { data: { type: 'dev-id-token', tokenId }, origin: window.location.origin, source: window }),
  );
}

describe('SignInModal', () => {
  it('refuses to start without the terms, then remembers them as "true"', async () => {
    fakeServer({ 'GET /api/config': () => ({ body: devConfig }) });
    const openWindow = vi.spyOn(window, 'open');
    renderWithApp(<SignInModal open onClose={() => undefined} onSignedIn={() => undefined} />);
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Sign in with Google' });
    await waitFor(() => expect(button).toBeEnabled());

    await user.click(button);
    expect(screen.getByRole('alert')).toHaveTextContent('You must accept the Terms and Conditions');
    expect(openWindow).not.toHaveBeenCalled();

    await user.click(screen.getByRole('checkbox', { name: 'I accept the Terms of Service' }));
    expect(localStorage.getItem('acceptedTerms')).toBe('true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('signs in through the dev window and stores the user and token for the region', async () => {
    localStorage.setItem('acceptedTerms', 'true');
    const fetchMock = fakeServer({
      'GET /api/config': () => ({ body: devConfig }),
      'POST /api/auth/google': () => ({ body: { ...testUser, token: 'session-token' } }),
      'GET /api/auth/verify-token': () => ({ body: { valid: true, user: testUser } }),
    });
    vi.spyOn(window, 'open').mockReturnValue(window);
    const onSignedIn = vi.fn();
    renderWithApp(<SignInModal open onClose={() => undefined} onSignedIn={onSignedIn} />);
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Sign in with Google' });
    await waitFor(() => expect(button).toBeEnabled());

    await user.click(button);
    expect(screen.getByRole('status')).toHaveTextContent('Connecting to Google...');
    postDevToken('dev-id-token-1');

    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    const exchange = fetchMock.mock.calls.find(([url]) => String(url) === '/api/auth/google');
    expect(exchange?.[1]?.body).toBe('{"tokenId":"dev-id-token-1"}');
    expect(localStorage.getItem('auth_token_cornell')).toBe('session-token');
    expect(JSON.parse(localStorage.getItem('revy_user_cornell') ?? '{}')).toMatchObject({ name: 'Ada Lovelace' });
  });

  it("shows the server's message for a refused e-mail domain and keeps no token", async () => {
    localStorage.setItem('acceptedTerms', 'true');
    localStorage.setItem('auth_token_cornell', 'stale');
    // The server refuses the sign-in, and the app logs the failure.
    allowConsoleErrors(/^Sign-in failed ApiError: Please sign in with your university e-mail address\.$/);
    const message = 'Please sign in with your university e-mail address.';
    fakeServer({
      'GET /api/config': () => ({ body: devConfig }),
      'POST /api/auth/google': () => ({ status: 403, body: { error: message, message, code: 'INVALID_EMAIL_DOMAIN' } }),
    });
    vi.spyOn(window, 'open').mockReturnValue(window);
    renderWithApp(<SignInModal open onClose={() => undefined} onSignedIn={() => undefined} />);
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Sign in with Google' });
    await waitFor(() => expect(button).toBeEnabled());

    await user.click(button);
    postDevToken('gmail-token');

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(localStorage.getItem('auth_token_cornell')).toBeNull();
  });

  it('in google mode loads Google Identity Services only once the terms are accepted', async () => {
    fakeServer({
      'GET /api/config': () => ({ body: { ...devConfig, mode: 'google', googleClientId: 'client-1.apps.googleusercontent.com' } }),
    });
    const gsiScript = () => document.head.querySelector('script[src="https://accounts.google.com/gsi/client"]');
    renderWithApp(<SignInModal open onClose={() => undefined} onSignedIn={() => undefined} />);
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Sign in with Google' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(screen.getByRole('alert')).toHaveTextContent('You must accept the Terms and Conditions');
    expect(gsiScript()).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'I accept the Terms of Service' }));
    await waitFor(() => expect(gsiScript()).not.toBeNull());
  });
});
