import { describe, expect, it } from 'vitest';
import {
  carouselDays,
  formatDayLabel,
  formatRideCount,
  formatWeekday,
  shiftWindow,
  windowShowing,
} from './ride-dates';

describe('carousel labels', () => {
  it('labels a day like "12 Mar" and names its weekday', () => {
    expect(formatDayLabel('2026-03-12')).toBe('12 Mar');
    expect(formatDayLabel('2026-12-01')).toBe('1 Dec');
    expect(formatWeekday('2026-03-12')).toBe('Thu');
  });

  it('counts "-", "1 ride", "N rides"', () => {
    expect(formatRideCount(0)).toBe('-');
    expect(formatRideCount(1)).toBe('1 ride');
    expect(formatRideCount(7)).toBe('7 rides');
  });
});

describe('carousel window', () => {
  it('holds 5 consecutive days across a month end', () => {
    expect(carouselDays('2026-02-26', 5)).toEqual(['2026-02-26', '2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
  });

  it('shifts by 5 days and never starts before today', () => {
    expect(shiftWindow('2026-03-10', 5, '2026-03-10')).toBe('2026-03-15');
    expect(shiftWindow('2026-03-15', -5, '2026-03-10')).toBe('2026-03-10');
    expect(shiftWindow('2026-03-12', -5, '2026-03-10')).toBe('2026-03-10');
  });

  it('keeps the window when it shows the day and moves to it otherwise', () => {
    expect(windowShowing('2026-03-12', '2026-03-10', 5)).toBe('2026-03-10');
    expect(windowShowing('2026-03-15', '2026-03-10', 5)).toBe('2026-03-15');
  });
});
