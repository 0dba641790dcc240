import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { systemClock } from './clock.js';
import { MAX_TIMER_MS, setTimeoutAt } from './long-timeout.js';

const DAY_MS = 86_400_000;

describe('setTimeoutAt', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-03-01T00:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  it.each([30, 60, 400])('fires a %i-day wait at its end, not before (beyond setTimeout’s 24.8 days)', (days) => {
    expect(days * DAY_MS).toBeGreaterThan(MAX_TIMER_MS);
    const fired = vi.fn();
    setTimeoutAt(fired, new Date(Date.now() + days * DAY_MS), systemClock);
    vi.advanceTimersByTime(days * DAY_MS - 1000);
    expect(fired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(fired).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(100 * DAY_MS);
    expect(fired).toHaveBeenCalledTimes(1);
  });

  it('fires at once for a time already past, and never once cancelled', () => {
    const past = vi.fn();
    setTimeoutAt(past, new Date(Date.now() - 1), systemClock);
    vi.advanceTimersByTime(0);
    expect(past).toHaveBeenCalledTimes(1);
    const cancelled = vi.fn();
    const cancel = setTimeoutAt(cancelled, new Date(Date.now() + 40 * DAY_MS), systemClock);
    vi.advanceTimersByTime(30 * DAY_MS);
    cancel();
    vi.advanceTimersByTime(30 * DAY_MS);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
