import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client';
import { FirstPaintSignal, holdRequestsUntilFirstPaint, MAX_HOLD_MS, requestsHeld } from './first-paint';

const fetchMock = vi.fn<typeof fetch>(async () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }));

function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve()));
}

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('requests held until the first paint', () => {
  it('go out once the first commit has been painted, not before; later ones at once', async () => {
    holdRequestsUntilFirstPaint();
    const answer = api.get('/api/config');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();

    render(<FirstPaintSignal />);
    // The commit's frame: the requests still wait for it to be painted.
    expect(fetchMock).not.toHaveBeenCalled();
    await nextFrame();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await expect(answer).resolves.toEqual({});
    expect(requestsHeld()).toBeNull();

    await api.get('/api/rides/getall');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('go at once on a hidden page, which paints no frame', async () => {
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    try {
      holdRequestsUntilFirstPaint();
      const answer = api.get('/api/config');
      render(<FirstPaintSignal />);
      await expect(answer).resolves.toEqual({});
      expect(fetchMock).toHaveBeenCalledTimes(1);
    } finally {
      visibility.mockRestore();
    }
  });

  it('go after the longest hold even if no commit ever comes', async () => {
    vi.useFakeTimers();
    try {
      holdRequestsUntilFirstPaint();
      const answer = api.get('/api/config');
      await vi.advanceTimersByTimeAsync(MAX_HOLD_MS - 1);
      expect(fetchMock).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      await expect(answer).resolves.toEqual({});
      expect(fetchMock).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('are not held when nothing asked for it (a page with the static shell, the tests)', async () => {
    expect(requestsHeld()).toBeNull();
    await api.get('/api/config');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
