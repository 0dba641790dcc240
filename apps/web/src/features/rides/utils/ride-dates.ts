import { addDays } from '@carpool/shared/time-zones';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

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

/** "Thu, 12 Mar 2026": a departure's local date. */
export function formatLocalDate(iso: string): string {
  const instant = new Date(iso);
  return `${WEEKDAYS[instant.getDay()]}, ${instant.getDate()} ${MONTHS[instant.getMonth()]} ${instant.getFullYear()}`;
}

/** "2:05 PM": a departure's local time. */
export function formatLocalTime(iso: string): string {
  const instant = new Date(iso);
  const hours = instant.getHours();
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${twelve}:${pad(instant.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}
