import { describe, expect, it } from 'vitest';
import { addDays, dayInTimeZone, isCalendarDay, isValidTimeZone, startOfDayInTimeZone } from './time-zones.js';

describe('time zones', () => {
  it('knows IANA zones', () => {
    expect(isValidTimeZone('America/New_York')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });

  it('checks calendar days', () => {
    expect(isCalendarDay('2026-02-28')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2026-2-1')).toBe(false);
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('finds the start of a day in a zone, also on DST change days', () => {
    expect(startOfDayInTimeZone('2026-03-12', 'UTC').toISOString()).toBe('2026-03-12T00:00:00.000Z');
    expect(startOfDayInTimeZone('2026-01-15', 'America/New_York').toISOString()).toBe('2026-01-15T05:00:00.000Z');
    expect(startOfDayInTimeZone('2026-07-15', 'America/New_York').toISOString()).toBe('2026-07-15T04:00:00.000Z');
    // Spring forward on 2026-03-08 at 02:00, fall back on 2026-11-01 at 02:00.
    expect(startOfDayInTimeZone('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfDayInTimeZone('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(startOfDayInTimeZone('2026-11-01', 'America/New_York').toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(startOfDayInTimeZone('2026-11-02', 'America/New_York').toISOString()).toBe('2026-11-02T05:00:00.000Z');
    // Santiago skips midnight when it moves to summer time (2026-09-06 00:00 -> 01:00).
    expect(startOfDayInTimeZone('2026-09-06', 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z');
  });

  it('reads the local day of an instant', () => {
    expect(dayInTimeZone(new Date('2026-03-12T03:00:00Z'), 'America/New_York')).toBe('2026-03-11');
    expect(dayInTimeZone(new Date('2026-03-12T03:00:00Z'), 'Asia/Tokyo')).toBe('2026-03-12');
  });
});
