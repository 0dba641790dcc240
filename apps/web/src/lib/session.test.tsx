import { TOKEN_CHECK_INTERVAL_MS } from '@carpool/shared/constants';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionExpiryNotice } from '../app/layout/session-expiry-notice';
import { deferred, fakeServer, signInLocally, testUser } from '../test/fake-server';
import { renderWithApp } from '../test/render-with-app';
import { importAuthSchemas } from './schema-modules';
import { useSession } from './session';
import { rememberSessionExpiredNotice } from './storage';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function verifyCalls(fetchMock: ReturnType<typeof fakeServer>) {
  return fetchMock.mock.calls.filter(([url]) => String(url) === '/api/auth/verify-token').length;
}

describe('token check', () => {
  it('asks the server every interval while a token is stored', async () => {
    // The answers are parsed with the auth schemas, loaded a step at a time with a setTimeout
    // between steps (schema-modules.ts) and kept for the file. Loaded here, before the clock is
    // faked: a load left waiting on a fake timer at this test's end would hold every later
    // test's load (as it once held the next test until its time ran out).
    await importAuthSchemas();
    vi.useFakeTimers();
    signInLocally();
    const fetchMock = fakeServer({ 'GET /api/auth/verify-token': () => ({ body: { valid: true, user: testUser } }) });
    renderWithApp(<p>page</p>);
    await act(() => vi.advanceTimersByTimeAsync(0));
    const atStart = verifyCalls(fetchMock);
    expect(atStart).toBeGreaterThanOrEqual(1);
    await act(() => vi.advanceTimersByTimeAsync(TOKEN_CHECK_INTERVAL_MS * 2));
    expect(verifyCalls(fetchMock)).toBe(atStart + 2);
  });

  it('stores nothing of an answer that arrives after the sign-out', async () => {
    signInLocally();
    const answer = deferred<{ body: unknown }>();
    const fetchMock = fakeServer({
      'GET /api/auth/verify-token': () => answer.promise,
      'POST /api/auth/logout': () => ({ body: { message: 'Logged out' } }),
    });
    function SignOut() {
      const { isSignedIn, signOut } = useSession();
      return isSignedIn ? <button onClick={() => void signOut()}>Sign out</button> : <p>Signed out</p>;
    }
    renderWithApp(<SignOut />);
    await vi.waitFor(() => expect(verifyCalls(fetchMock)).toBe(1));
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Signed out')).toBeInTheDocument();

    // The answer is read with the auth schemas, loaded on demand: in already, it is handled within
    // a few turns of the event loop.
    await importAuthSchemas();
    answer.resolve({ body: { valid: true, user: { ...testUser, bio: 'answered late' } } });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(localStorage.getItem('revy_user_cornell')).toBeNull();
    expect(screen.getByText('Signed out')).toBeInTheDocument();
  });

  it('never asks without a token', async () => {
    vi.useFakeTimers();
    const fetchMock = fakeServer({});
    renderWithApp(<p>page</p>);
    await act(() => vi.advanceTimersByTimeAsync(TOKEN_CHECK_INTERVAL_MS * 2));
    expect(verifyCalls(fetchMock)).toBe(0);
  });
});

describe('session-expiry toast', () => {
  it('shows once after the reload that followed an expiry', async () => {
    fakeServer({});
    rememberSessionExpiredNotice();
    renderWithApp(<SessionExpiryNotice />);
    expect(await screen.findByText('Your session has expired. Please sign in again.')).toBeInTheDocument();
    expect(sessionStorage.length).toBe(0);
  });
});
