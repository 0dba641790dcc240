import { describe, expect, it } from 'vitest';
import { formatLocalDate, formatLocalTime, isLocalTimeInFuture, localToUtc, todayIn } from './local-date-time';

describe('localToUtc', () => {
  it('adds the zone offset in winter and in summer', () => {
    expect(localToUtc('2026-01-15', '09:30', 'America/New_York')).toEqual({ date: '2026-01-15', time: '14:30' });
    expect(localToUtc('2026-07-15', '09:30', 'America/New_York')).toEqual({ date: '2026-07-15', time: '13:30' });
  });

  it('moves to the next UTC day for a late evening departure', () => {
    expect(localToUtc('2026-03-13', '23:30', 'America/New_York')).toEqual({ date: '2026-03-14', time: '03:30' });
  });

  it('moves to the previous UTC day east of Greenwich, with half-hour offsets', () => {
    expect(localToUtc('2026-05-02', '03:00', 'Asia/Kolkata')).toEqual({ date: '2026-05-01', time: '21:30' });
  });

  it('uses the offset in force at the departure on both sides of a DST change', () => {
    // Clocks jump from 02:00 EST to 03:00 EDT on 2026-03-08.
    expect(localToUtc('2026-03-08', '01:30', 'America/New_York')).toEqual({ date: '2026-03-08', time: '06:30' });
    expect(localToUtc('2026-03-08', '03:30', 'America/New_York')).toEqual({ date: '2026-03-08', time: '07:30' });
  });

  it('moves a time the spring-forward gap skips forward by the gap', () => {
    expect(localToUtc('2026-03-08', '02:30', 'America/New_York')).toEqual({ date: '2026-03-08', time: '07:30' });
  });

  it('takes the first of the two readings when autumn repeats an hour', () => {
    // 01:30 happens at 05:30 UTC (EDT) and again at 06:30 UTC (EST) on 2026-11-01.
    expect(localToUtc('2026-11-01', '01:30', 'America/New_York')).toEqual({ date: '2026-11-01', time: '05:30' });
  });

  it('leaves UTC readings as they are', () => {
    expect(localToUtc('2026-12-31', '23:59', 'UTC')).toEqual({ date: '2026-12-31', time: '23:59' });
  });
});

describe('todayIn and isLocalTimeInFuture', () => {
  const now = new Date('2026-03-14T02:00:00Z');

  it('reads today on the zone calendar', () => {
    expect(todayIn('America/New_York', now)).toBe('2026-03-13');
    expect(todayIn('UTC', now)).toBe('2026-03-14');
  });

  it('compares a local reading with now', () => {
    expect(isLocalTimeInFuture('2026-03-13', '22:01', 'America/New_York', now)).toBe(true);
    expect(isLocalTimeInFuture('2026-03-13', '22:00', 'America/New_York', now)).toBe(false);
    expect(isLocalTimeInFuture('2026-03-13', '21:00', 'America/New_York', now)).toBe(false);
  });
});

describe('formatLocalDate and formatLocalTime', () => {
  it('shows a UTC departure on the viewer clock and calendar', () => {
    const departsAt = '2026-03-14T03:30:00.000Z';
    expect(formatLocalDate(departsAt, 'America/New_York')).toBe('Fri, Mar 13, 2026');
    expect(formatLocalTime(departsAt, 'America/New_York')).toBe('11:30 PM');
    expect(formatLocalDate(departsAt, 'Europe/Berlin')).toBe('Sat, Mar 14, 2026');
    expect(formatLocalTime(departsAt, 'Europe/Berlin')).toBe('4:30 AM');
  });
});
