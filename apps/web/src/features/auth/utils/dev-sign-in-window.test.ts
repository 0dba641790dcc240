import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEV_ID_TOKEN_MESSAGE, DevSignInCancelled, openDevSignInWindow } from './dev-sign-in-window';

function fakePopup(closed: boolean) {
  const popup = { closed } as unknown as Window;
  vi.spyOn(window, 'open').mockReturnValue(popup);
  return popup;
}

function post(data: unknown, source: Window | null, origin = window.location.origin) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('openDevSignInWindow', () => {
  it('takes the token from its own window', async () => {
    const popup = fakePopup(false);
    const token = openDevSignInWindow();
    post({ type: DEV_ID_TOKEN_MESSAGE, tokenId: 'abc' }, popup);
    await expect(token).resolves.toBe('abc');
  });

  it('still takes the token when the window closed before the message was delivered', async () => {
    vi.useFakeTimers();
    fakePopup(true);
    const token = openDevSignInWindow();
    // The closed window is noticed first; the queued message lands within the grace period.
    await vi.advanceTimersByTimeAsync(600);
    post({ type: DEV_ID_TOKEN_MESSAGE, tokenId: 'late' }, null);
    await expect(token).resolves.toBe('late');
  });

  it('ignores messages from other origins, and reports a window closed without signing in', async () => {
    vi.useFakeTimers();
    fakePopup(true);
    const token = openDevSignInWindow();
    const outcome = token.catch((error: unknown) => error);
    post({ type: DEV_ID_TOKEN_MESSAGE, tokenId: 'evil' }, null, 'https://evil.example');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await outcome).toBeInstanceOf(DevSignInCancelled);
  });
});
