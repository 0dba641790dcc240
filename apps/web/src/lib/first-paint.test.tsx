import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client';
import { FirstPaintSignal, holdRequestsUntilFirstPaint, MAX_HOLD_MS, requestsHeld } from './first-paint';

const fetchMock = vi.fn<typeof fetch>(async () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }));

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** The page's visibility, as the browser reports it. */
function pageIs(state: DocumentVisibilityState) {
  return vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(state);
}

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('requests held until the first paint', () => {
  it('go out once the first commit has been painted, not at the commit; later ones at once', async () => {
    // Animation frames run when the test says so: the commit's frame comes after a task has passed.
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    holdRequestsUntilFirstPaint();
    const answer = api.get('/api/config');
    render(<FirstPaintSignal />);
    await nextTask();
    expect(requestsHeld()).not.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();

    // The frame is painted; the requests go a task after it.
    expect(frames).toHaveLength(1);
    frames[0]!(performance.now());
    expect(requestsHeld()).not.toBeNull();
    await nextTask();
    expect(requestsHeld()).toBeNull();
    await expect(answer).resolves.toEqual({});
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await api.get('/api/rides/getall');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('go at the commit on a hidden page, which paints no frame', async () => {
    pageIs('hidden');
    holdRequestsUntilFirstPaint();
    const answer = api.get('/api/config');
    render(<FirstPaintSignal />);
    expect(requestsHeld()).toBeNull();
    await expect(answer).resolves.toEqual({});
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('go when the page is hidden after the commit, before its frame', async () => {
    vi.stubGlobal('requestAnimationFrame', () => 0);
    const visibility = pageIs('visible');
    holdRequestsUntilFirstPaint();
    const answer = api.get('/api/config');
    render(<FirstPaintSignal />);
    await nextTask();
    expect(fetchMock).not.toHaveBeenCalled();
    visibility.mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(requestsHeld()).toBeNull();
    await expect(answer).resolves.toEqual({});
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('go after the longest hold even if no commit ever comes', async () => {
    vi.useFakeTimers();
    holdRequestsUntilFirstPaint();
    const answer = api.get('/api/config');
    await vi.advanceTimersByTimeAsync(MAX_HOLD_MS - 1);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(answer).resolves.toEqual({});
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('leave out a request whose caller gave up while it was held', async () => {
    vi.stubGlobal('requestAnimationFrame', () => 0);
    holdRequestsUntilFirstPaint();
    const caller = new AbortController();
    const answer = api.get('/api/config', { signal: caller.signal });
    caller.abort();
    pageIs('hidden');
    render(<FirstPaintSignal />);
    await expect(answer).rejects.toThrow();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('are not held when nothing asked for it (a page with the static shell, the tests)', async () => {
    expect(requestsHeld()).toBeNull();
    await api.get('/api/config');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
