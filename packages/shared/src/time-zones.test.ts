import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayInTimeZone,
  formatInTimeZone,
  isCalendarDay,
  isValidTimeZone,
  isWallClockInFuture,
  startOfDayInTimeZone,
  todayInTimeZone,
  wallClockToInstant,
  wallClockToUtc,
} from './time-zones.js';

describe('time zones', () => {
  it('knows IANA zones', () => {
    expect(isValidTimeZone('America/New_York')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });

  it('answers the same for a zone it has seen before, and never learns an invalid one', () => {
    for (let round = 0; round < 3; round += 1) {
      expect(isValidTimeZone('Europe/Paris')).toBe(true);
      expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
    }
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

  it('answers a remembered day start with the same instant in a Date of its own', () => {
    const first = startOfDayInTimeZone('2026-04-02', 'Asia/Kolkata');
    first.setTime(0);
    const again = startOfDayInTimeZone('2026-04-02', 'Asia/Kolkata');
    expect(again.toISOString()).toBe('2026-04-01T18:30:00.000Z');
    expect(startOfDayInTimeZone('2026-04-02', 'UTC').toISOString()).toBe('2026-04-02T00:00:00.000Z');
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

describe('wallClockToUtc', () => {
  it('adds the zone offset in winter and in summer', () => {
    expect(wallClockToUtc('2026-01-15', '09:30', 'America/New_York')).toEqual({ date: '2026-01-15', time: '14:30' });
    expect(wallClockToUtc('2026-07-15', '09:30', 'America/New_York')).toEqual({ date: '2026-07-15', time: '13:30' });
    expect(wallClockToUtc('2026-07-15', '09:00', 'America/New_York')).toEqual({ date: '2026-07-15', time: '13:00' });
  });

  it('moves to the next UTC day for a late evening departure', () => {
    expect(wallClockToUtc('2026-03-13', '23:30', 'America/New_York')).toEqual({ date: '2026-03-14', time: '03:30' });
    expect(wallClockToUtc('2026-01-15', '21:30', 'America/New_York')).toEqual({ date: '2026-01-16', time: '02:30' });
  });

  it('moves to the previous UTC day east of Greenwich, with half-hour offsets', () => {
    expect(wallClockToUtc('2026-05-02', '03:00', 'Asia/Kolkata')).toEqual({ date: '2026-05-01', time: '21:30' });
  });

  it('uses the offset in force at the departure on both sides of a DST change', () => {
    // Clocks jump from 02:00 EST to 03:00 EDT on 2026-03-08.
    expect(wallClockToUtc('2026-03-08', '01:30', 'America/New_York')).toEqual({ date: '2026-03-08', time: '06:30' });
    expect(wallClockToUtc('2026-03-08', '03:30', 'America/New_York')).toEqual({ date: '2026-03-08', time: '07:30' });
  });

  it('moves a time the spring-forward gap skips forward by the gap', () => {
    expect(wallClockToUtc('2026-03-08', '02:30', 'America/New_York')).toEqual({ date: '2026-03-08', time: '07:30' });
  });

  it('takes the first of the two readings when autumn repeats an hour', () => {
    // 01:30 happens at 05:30 UTC (EDT) and again at 06:30 UTC (EST) on 2026-11-01.
    expect(wallClockToUtc('2026-11-01', '01:30', 'America/New_York')).toEqual({ date: '2026-11-01', time: '05:30' });
    // East of Greenwich too: 02:30 happens at 00:30 UTC (CEST) and again at 01:30 UTC (CET) on 2026-10-25.
    expect(wallClockToUtc('2026-10-25', '02:30', 'Europe/Berlin')).toEqual({ date: '2026-10-25', time: '00:30' });
  });

  it('moves a skipped time forward east of Greenwich and in a half-hour DST change', () => {
    // Berlin jumps from 02:00 CET to 03:00 CEST on 2026-03-29.
    expect(wallClockToUtc('2026-03-29', '02:30', 'Europe/Berlin')).toEqual({ date: '2026-03-29', time: '01:30' });
    // Lord Howe jumps from 02:00 to 02:30 (UTC+10:30 to +11) on 2026-10-04: 02:15 becomes 02:45.
    expect(wallClockToUtc('2026-10-04', '02:15', 'Australia/Lord_Howe')).toEqual({ date: '2026-10-03', time: '15:45' });
  });

  it('leaves UTC readings as they are', () => {
    expect(wallClockToUtc('2026-12-31', '23:59', 'UTC')).toEqual({ date: '2026-12-31', time: '23:59' });
  });

  it('gives null for an incomplete or impossible reading', () => {
    expect(wallClockToUtc('2026-07-15', '', 'America/New_York')).toBeNull();
    expect(wallClockToUtc('', '09:00', 'America/New_York')).toBeNull();
    expect(wallClockToUtc('2026-02-30', '09:00', 'America/New_York')).toBeNull();
    expect(wallClockToUtc('2026-07-15', '24:00', 'America/New_York')).toBeNull();
    expect(wallClockToInstant('2026-07-15', '9:00', 'America/New_York')).toBeNull();
  });

  it('gives the instant itself', () => {
    expect(wallClockToInstant('2026-03-08', '03:30', 'America/New_York')?.toISOString()).toBe('2026-03-08T07:30:00.000Z');
  });
});

describe('todayInTimeZone and isWallClockInFuture', () => {
  const now = new Date('2026-03-14T02:00:00Z');

  it('reads today on the zone calendar', () => {
    expect(todayInTimeZone('America/New_York', now)).toBe('2026-03-13');
    expect(todayInTimeZone('UTC', now)).toBe('2026-03-14');
    expect(todayInTimeZone('America/New_York', new Date('2026-01-16T02:30:00.000Z'))).toBe('2026-01-15');
  });

  it('compares a local reading with now', () => {
    expect(isWallClockInFuture('2026-03-13', '22:01', 'America/New_York', now)).toBe(true);
    expect(isWallClockInFuture('2026-03-13', '22:00', 'America/New_York', now)).toBe(false);
    expect(isWallClockInFuture('2026-03-13', '21:00', 'America/New_York', now)).toBe(false);
    expect(isWallClockInFuture('2026-03-13', '', 'America/New_York', now)).toBe(false);
  });
});

describe('weekly days', () => {
  it('names weekdays, counts days and lists the days on chosen weekdays', async () => {
    const { daysBetween, daysOnWeekdays, timeInTimeZone, weekdayOf } = await import('./time-zones.js');
    expect(['2026-10-23', '2026-11-01', '2027-01-04'].map(weekdayOf)).toEqual([5, 0, 1]);
    expect(daysBetween('2026-10-23', '2026-10-25')).toBe(2);
    expect(daysBetween('2026-10-25', '2026-10-23')).toBe(-2);
    // Across the autumn DST change the count is still in whole days.
    expect(daysBetween('2026-10-30', '2026-11-06')).toBe(7);
    expect(daysOnWeekdays([1, 5], '2026-10-23', '2026-11-02')).toEqual(['2026-10-23', '2026-10-26', '2026-10-30', '2026-11-02']);
    expect(daysOnWeekdays([3], '2026-10-23', '2026-10-27')).toEqual([]);
    expect(timeInTimeZone(new Date('2026-10-23T21:30:00Z'), 'America/New_York')).toBe('17:30');
    expect(timeInTimeZone(new Date('2026-11-02T22:30:00Z'), 'America/New_York')).toBe('17:30');
  });

  it('writes an instant as read in the ride\'s zone, with its short name, keeping an evening ride on its own day', () => {
    // A Dec 2, 11:30 PM ride in New York is Dec 3 in UTC.
    expect(formatInTimeZone(new Date('2026-12-03T04:30:00Z'), 'America/New_York')).toBe('Wed, Dec 2, 2026, 11:30 PM EST');
    expect(formatInTimeZone(new Date('2026-07-03T03:00:00Z'), 'America/New_York')).toBe('Thu, Jul 2, 2026, 11:00 PM EDT');
    expect(formatInTimeZone(new Date('2026-12-03T04:30:00Z'), 'UTC')).toBe('Thu, Dec 3, 2026, 4:30 AM UTC');
    expect(formatInTimeZone(new Date('2026-12-03T04:30:00Z'), 'Not/AZone')).toBe('Thu, Dec 3, 2026, 4:30 AM UTC');
  });
});
