import { describe, expect, it } from 'vitest';
import { CreateRideInput, localDepartureDay, repeatIssues } from './rides.js';

const ride = {
  from: 'ithaca',
  to: 'boston',
  // Friday 2026-10-23 at 22:30 in New York: already Saturday in UTC.
  date: '2026-10-24',
  time: '02:30',
  totalSeats: 2,
  totalSuitcases: 1,
  price: 20,
  timezone: 'America/New_York',
};

describe('repeat of a new ride', () => {
  it('reads the weekday and the 26 weeks in the ride zone, not in UTC', () => {
    expect(localDepartureDay(ride)).toBe('2026-10-23');
    expect(repeatIssues(ride, { weekdays: [5], until: '2027-04-23' })).toEqual([]);
    expect(repeatIssues(ride, { weekdays: [6], until: '2027-04-23' }).map((issue) => issue.path.join('.'))).toEqual(['repeat.weekdays']);
    expect(repeatIssues(ride, { weekdays: [5], until: '2027-04-24' }).map((issue) => issue.path.join('.'))).toEqual(['repeat.until']);
    expect(repeatIssues(ride, { weekdays: [5], until: '2026-10-22' }).map((issue) => issue.path.join('.'))).toEqual(['repeat.until']);
  });

  it('refuses empty, repeated, fractional or out-of-range weekdays and unknown keys', () => {
    for (const repeat of [
      { weekdays: [], until: '2026-11-20' },
      { weekdays: [5, 5], until: '2026-11-20' },
      { weekdays: [7], until: '2026-11-20' },
      { weekdays: [-1], until: '2026-11-20' },
      { weekdays: [4.5], until: '2026-11-20' },
      { weekdays: [5], until: '2026-11-20', every: 2 },
    ]) {
      expect(CreateRideInput.safeParse({ ...ride, repeat }).success, JSON.stringify(repeat)).toBe(false);
    }
    expect(CreateRideInput.safeParse({ ...ride, repeat: { weekdays: [5, 1], until: '2026-11-20' } }).success).toBe(true);
  });
});
