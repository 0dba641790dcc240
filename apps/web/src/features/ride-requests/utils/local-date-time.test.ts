import { describe, expect, it } from 'vitest';
import { formatLocalDate, formatLocalTime } from './local-date-time';

describe('formatLocalDate and formatLocalTime', () => {
  it('shows a UTC departure on the viewer clock and calendar', () => {
    const departsAt = '2026-03-14T03:30:00.000Z';
    expect(formatLocalDate(departsAt, 'America/New_York')).toBe('Fri, Mar 13, 2026');
    expect(formatLocalTime(departsAt, 'America/New_York')).toBe('11:30 PM');
    expect(formatLocalDate(departsAt, 'Europe/Berlin')).toBe('Sat, Mar 14, 2026');
    expect(formatLocalTime(departsAt, 'Europe/Berlin')).toBe('4:30 AM');
  });
});
