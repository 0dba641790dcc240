import { describe, expect, it } from 'vitest';
import { formatPostedTime } from './posted-time.js';

const now = new Date('2026-03-12T12:00:00Z');
const before = (ms: number) => new Date(now.getTime() - ms);

describe('formatPostedTime', () => {
  it.each([
    [0, 'just now'],
    [59_999, 'just now'],
    [60_000, '1 minute ago'],
    [5 * 60_000 + 30_000, '5 minutes ago'],
    [59 * 60_000, '59 minutes ago'],
    [60 * 60_000, '1 hour ago'],
    [2 * 3_600_000 + 59 * 60_000, '2 hours ago'],
    [24 * 3_600_000, '1 day ago'],
    [3 * 24 * 3_600_000 + 5_000, '3 days ago'],
    [400 * 24 * 3_600_000, '400 days ago'],
  ])('%i ms ago reads "%s"', (ms, text) => {
    expect(formatPostedTime(before(ms), now)).toBe(text);
  });

  it('reads "just now" for a time slightly in the future', () => {
    expect(formatPostedTime(new Date(now.getTime() + 5_000), now)).toBe('just now');
  });

  it('accepts ISO strings as the API sends them', () => {
    expect(formatPostedTime(before(2 * 3_600_000).toISOString(), now)).toBe('2 hours ago');
  });
});
