import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatLocalDate, formatLocalDateTime, formatLocalTime } from './local-date-time';

describe('the local date and time', () => {
  beforeEach(() => {
    vi.stubEnv('TZ', 'America/New_York');
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("writes an instant on the viewer's calendar and clock", () => {
    expect(formatLocalDate('2026-01-16T02:30:00.000Z')).toBe('Thu, 15 Jan 2026');
    expect(formatLocalTime('2026-01-16T02:30:00.000Z')).toBe('9:30 PM');
    expect(formatLocalTime('2026-07-15T04:05:00.000Z')).toBe('12:05 AM');
    expect(formatLocalTime('2026-07-15T16:00:00.000Z')).toBe('12:00 PM');
    expect(formatLocalDateTime('2026-11-28T19:30:00.000Z')).toBe('Sat, 28 Nov 2026, 2:30 PM');
  });

  it('follows the zone: the same instant is another day further east', () => {
    vi.stubEnv('TZ', 'Europe/Berlin');
    expect(formatLocalDate('2026-03-14T03:30:00.000Z')).toBe('Sat, 14 Mar 2026');
    expect(formatLocalTime('2026-03-14T03:30:00.000Z')).toBe('4:30 AM');
  });
});
