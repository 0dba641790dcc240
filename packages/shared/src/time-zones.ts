/** Day arithmetic in an IANA time zone, shared by the ride search (server) and the date carousel (web). */

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isValidTimeZone(value: string): boolean {
  if (!value || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** True for a real calendar day written yyyy-mm-dd (2026-02-30 is not). */
export function isCalendarDay(value: string): boolean {
  const match = DAY_PATTERN.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** yyyy-mm-dd plus a number of days (negative allowed). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock reading of an instant in a zone, as if that reading were UTC (ms). */
function wallClockAsUtc(instant: Date, timeZone: string): number {
  const parts = Object.fromEntries(formatterOf(timeZone).formatToParts(instant).map((p) => [p.type, p.value]));
  return Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
}

/** The calendar day (yyyy-mm-dd) of an instant in a zone. */
export function dayInTimeZone(instant: Date, timeZone: string): string {
  return new Date(wallClockAsUtc(instant, timeZone)).toISOString().slice(0, 10);
}

/**
 * The instant a calendar day starts in a zone: its local midnight, or the first instant of the day
 * when a DST change skips midnight.
 */
export function startOfDayInTimeZone(day: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const localMidnight = Date.UTC(y, m - 1, d);
  const offsetAt = (instant: number) => wallClockAsUtc(new Date(instant), timeZone) - instant;
  // The offsets a day before and a day after cover both sides of any DST change near midnight;
  // the earlier candidate that still falls on the day is where the day starts.
  const candidates = [offsetAt(localMidnight - 86_400_000), offsetAt(localMidnight + 86_400_000)]
    .map((offset) => localMidnight - offset)
    .filter((instant) => dayInTimeZone(new Date(instant), timeZone) === day);
  return new Date(Math.min(...candidates));
}
