/**
 * Calendar days and IANA time zones. The API carries dates and times in UTC (spec section 3),
 * while people search and think in their own local day; these helpers convert between the two
 * without a date library.
 */

const DAY_MS = 86_400_000;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** True for a real calendar day written yyyy-mm-dd (rejects 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** True for a 24-hour clock time written HH:MM. */
export function isClockTime(value: string): boolean {
  return TIME_PATTERN.test(value);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The canonical spelling of an IANA time zone ("america/new_york" -> "America/New_York"), or null if unknown. */
export function canonicalTimeZone(value: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export function isTimeZone(value: string): boolean {
  return canonicalTimeZone(value) !== null;
}

/** The local calendar day (yyyy-mm-dd) of an instant in a time zone. */
export function localDateOf(instant: Date, timeZone: string): string {
  const parts = formatterFor(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}

/** The day `days` after (or before, when negative) a yyyy-mm-dd day. */
export function addDays(date: string, days: number): string {
  return new Date(new Date(`${date}T00:00:00Z`).getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to`, both yyyy-mm-dd. */
export function daysBetween(from: string, to: string): number {
  return Math.round((new Date(`${to}T00:00:00Z`).getTime() - new Date(`${from}T00:00:00Z`).getTime()) / DAY_MS);
}

/**
 * The first instant of a local day. Found by bisection on the local date rather than by adding an
 * offset, because the offset itself can change at midnight (zones whose DST switch is at 00:00).
 */
export function startOfLocalDay(date: string, timeZone: string): Date {
  const utcMidnight = new Date(`${date}T00:00:00Z`).getTime();
  // Every real offset lies within -12 h .. +14 h, so the day starts inside this window.
  let before = utcMidnight - 15 * 3_600_000;
  let inside = utcMidnight + 13 * 3_600_000;
  while (inside - before > 1) {
    const middle = Math.floor((before + inside) / 2);
    if (localDateOf(new Date(middle), timeZone) < date) before = middle;
    else inside = middle;
  }
  return new Date(inside);
}

/** [start, end) of a local day, as UTC instants. */
export function localDayRange(date: string, timeZone: string): { start: Date; end: Date } {
  return { start: startOfLocalDay(date, timeZone), end: startOfLocalDay(addDays(date, 1), timeZone) };
}

/** The instant of a UTC date (yyyy-mm-dd) and time (HH:MM). */
export function instantOfUtc(date: string, time: string): Date {
  return new Date(`${date}T${time}:00.000Z`);
}

/** The UTC date (yyyy-mm-dd) and time (HH:MM) of an instant, as the API sends them. */
export function utcDateAndTime(instant: Date): { date: string; time: string } {
  const iso = instant.toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}
