import { TOKEN_CHECK_INTERVAL_MS } from '@carpool/shared/constants';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionExpiryNotice } from '../app/layout/session-expiry-notice';
import { fakeServer, signInLocally, testUser } from '../test/fake-server';
import { renderWithApp } from '../test/render-with-app';
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
