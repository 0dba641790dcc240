import { addDays } from '@carpool/shared/time-zones';
import { MONTH_ABBREVIATIONS as MONTHS, WEEKDAY_ABBREVIATIONS as WEEKDAYS } from '../../../lib/local-date-time';

/** "12 Mar": the carousel's label of a calendar day. */
export function formatDayLabel(day: string): string {
  const [, month, date] = day.split('-').map(Number) as [number, number, number];
  return `${date} ${MONTHS[month - 1]}`;
}

/** "Thu": the weekday of a calendar day, shown above the carousel label. */
export function formatWeekday(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return WEEKDAYS[new Date(Date.UTC(year, month - 1, date)).getUTCDay()] ?? '';
}

/** "-" for none, "1 ride", "N rides" (spec section 2, Home). */
export function formatRideCount(count: number): string {
  if (count <= 0) return '-';
  return count === 1 ? '1 ride' : `${count} rides`;
}

/** The days of a carousel window starting at `start`. */
export function carouselDays(start: string, length: number): string[] {
  return Array.from({ length }, (_, index) => addDays(start, index));
}

/**
 * The start of the window after an arrow press. The window never starts before today, so a
 * press back from a window that starts less than a full step after today lands on today.
 */
export function shiftWindow(start: string, step: number, today: string): string {
  const next = addDays(start, step);
  return next < today ? today : next;
}

/** The window that shows `day`: the current one if it does, else one starting at that day. */
export function windowShowing(day: string, start: string, length: number): string {
  const last = addDays(start, length - 1);
  return day >= start && day <= last ? start : day;
}
