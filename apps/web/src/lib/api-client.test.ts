import { REQUEST_TIMEOUT_MS, WINDOW_EVENTS } from '@carpool/shared/constants';
import { TEXTS } from '@carpool/shared/texts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allowConsoleErrors, consoleErrors } from '../test/console-errors';
import { api, ApiError } from './api-client';
import { browser } from './browser';
import { takeSessionExpiredNotice } from './storage';

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const fetchMock = vi.fn<typeof fetch>();

function sentHeaders(call = 0): Record<string, string> {
  return (fetchMock.mock.calls[call]?.[1]?.headers ?? {}) as Record<string, string>;
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  window.history.pushState({}, '', '/');
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(browser, 'reloadAt').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('api client', () => {
  it("sends the region of the path, else the stored region, else the one theme-init.js chose, else none (the server's default)", async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, {}));
    await api.get('/api/x');
    expect(sentHeaders(0)).not.toHaveProperty('x-region');
    document.documentElement.dataset.region = 'rochester';
    await api.get('/api/x');
    delete document.documentElement.dataset.region;
    localStorage.setItem('current_region', 'nj');
    await api.get('/api/x');
    window.history.pushState({}, '', '/cornell/inbox');
    await api.get('/api/x');
    expect([1, 2, 3].map((call) => sentHeaders(call)['x-region'])).toEqual(['rochester', 'nj', 'cornell']);
  });

  it('sends the bearer token stored for the region, and none when there is none', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, { ok: true }));
    localStorage.setItem('auth_token_nj', 'nj-token');
    window.history.pushState({}, '', '/nj');
    await expect(api.post('/api/x', { a: 1 })).resolves.toEqual({ ok: true });
    expect(sentHeaders(0).Authorization).toBe('Bearer nj-token');
    expect(sentHeaders(0)['Content-Type']).toBe('application/json');
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe('{"a":1}');

    window.history.pushState({}, '', '/cornell');
    await api.get('/api/x');
    expect(sentHeaders(1).Authorization).toBeUndefined();
  });

  it('leaves out empty filters and repeats list parameters', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, []));
    await api.get('/api/rides/getall', { query: { from: 'ithaca', to: '', date: undefined, colleges: ['cornell', 'ithaca'] } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/rides/getall?from=ithaca&colleges=cornell&colleges=ithaca');
  });

  it('rejects with the status, code and message of the server', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse(403, { error: 'Use your university e-mail', message: 'Use your university e-mail', code: 'INVALID_EMAIL_DOMAIN' }),
    );
    const error = await api.post('/api/auth/google', { tokenId: 't' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: 'INVALID_EMAIL_DOMAIN', message: 'Use your university e-mail' });
  });

  it.each([
    [503, { error: 'The database is unreachable', message: 'The database is unreachable', code: 'SERVICE_UNAVAILABLE' }, 'SERVICE_UNAVAILABLE'],
    [502, '<html><body>Bad Gateway</body></html>', 'SERVICE_UNAVAILABLE'],
    [504, '<html><body>Gateway Time-out</body></html>', 'SERVICE_UNAVAILABLE'],
  ])('says the service is briefly unavailable for a %i, from the server or a proxy, and tells the layout', async (status, body, code) => {
    fetchMock.mockImplementation(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));
    const announced = vi.fn();
    window.addEventListener(WINDOW_EVENTS.serviceUnavailable, announced);
    const error = await api.get('/api/rides/getall').catch((caught: unknown) => caught);
    window.removeEventListener(WINDOW_EVENTS.serviceUnavailable, announced);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status, code, message: TEXTS.serviceUnavailable });
    expect(announced).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['TOKEN_EXPIRED', 'expired'],
    ['UNAUTHORIZED', 'unauthorized'],
  ])('on a 401 %s to a call with a token: clears the region, emits auth-expired (%s), reloads at the region root', async (code, reason) => {
    localStorage.setItem('auth_token_nj', 'old');
    localStorage.setItem('revy_user_nj', '{}');
    localStorage.setItem('auth_token_cornell', 'other');
    window.history.pushState({}, '', '/nj/inbox');
    fetchMock.mockImplementation(async () => jsonResponse(401, { error: 'no', message: 'no', code }));
    const events: unknown[] = [];
    const listener = (event: Event) => events.push((event as CustomEvent).detail);
    window.addEventListener(WINDOW_EVENTS.authExpired, listener);

    await expect(api.get('/api/x')).rejects.toMatchObject({ status: 401, code });
    // The session is gone at once; the page is told and starts over once lib/session-expiry.ts loads.
    expect(localStorage.getItem('auth_token_nj')).toBeNull();
    expect(localStorage.getItem('revy_user_nj')).toBeNull();
    expect(localStorage.getItem('auth_token_cornell')).toBe('other');
    await vi.waitFor(() => expect(browser.reloadAt).toHaveBeenCalledWith('/nj'));
    window.removeEventListener(WINDOW_EVENTS.authExpired, listener);
    expect(events).toEqual([{ region: 'nj', reason }]);
    expect(takeSessionExpiredNotice()).toBe('');
    expect(takeSessionExpiredNotice()).toBeNull();
  });

  it('tells a suspended person why at once: the 401 that says so carries its reason to the event and the notice', async () => {
    localStorage.setItem('auth_token_cornell', 'old');
    const message = 'Your account has been suspended by an administrator: spam.';
    fetchMock.mockImplementation(async () => jsonResponse(401, { error: message, message, code: 'UNAUTHORIZED', details: { suspended: true } }));
    const events: unknown[] = [];
    const listener = (event: Event) => events.push((event as CustomEvent).detail);
    window.addEventListener(WINDOW_EVENTS.authExpired, listener);
    await expect(api.get('/api/x', { region: 'cornell' })).rejects.toMatchObject({ status: 401 });
    await vi.waitFor(() => expect(browser.reloadAt).toHaveBeenCalled());
    window.removeEventListener(WINDOW_EVENTS.authExpired, listener);
    expect(events).toEqual([{ region: 'cornell', reason: 'suspended', message }]);
    expect(takeSessionExpiredNotice()).toBe(message);
  });

  it.each([
    ['/nj/ride-requests?from=ithaca', '/nj/ride-requests?from=ithaca'],
    ['/ride-requests', '/ride-requests'],
    ['/nj/terms', '/nj/terms'],
    ['/nj', '/nj'],
    ['/nj/my-rides', '/nj'],
  ])('after an expiry on %s starts over at %s: a public page stays, a private one goes to the region root', async (page, after) => {
    localStorage.setItem('auth_token_nj', 'old');
    localStorage.setItem('current_region', 'nj');
    window.history.pushState({}, '', page);
    fetchMock.mockImplementation(async () => jsonResponse(401, { error: 'no', message: 'no', code: 'TOKEN_EXPIRED' }));
    await expect(api.get('/api/x', { region: 'nj' })).rejects.toMatchObject({ status: 401 });
    await vi.waitFor(() => expect(browser.reloadAt).toHaveBeenCalledWith(after));
  });

  it('leaves the session alone on a 401 to a call that sent no token', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(401, { error: 'no', message: 'no', code: 'UNAUTHORIZED' }));
    await expect(api.get('/api/x')).rejects.toMatchObject({ status: 401 });
    expect(browser.reloadAt).not.toHaveBeenCalled();
  });

  it('gives up after the request timeout and logs "Request timed out"', async () => {
    vi.useFakeTimers();
    // The timeout is logged with the path, as the spec asks.
    allowConsoleErrors(/^Request timed out \/api\/slow$/);
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = api.get('/api/slow').catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(consoleErrors()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ code: 'TIMEOUT', message: 'Request timed out', status: 0 });
    expect(consoleErrors()).toEqual(['Request timed out /api/slow']);
  });
});
