/**
 * Wall clocks and days in an IANA time zone, shared by the server (ride search, day counts) and the
 * web app (forms that take a local date and time, date inputs that start today).
 */

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * Zones already found valid. Building an Intl.DateTimeFormat costs about as much as the rest of a
 * ride search's validation, and every search names a zone. Capped, because Intl also accepts
 * endless spellings (any letter case, UTC offsets), so the set must not grow with what callers send.
 */
const knownValidTimeZones = new Set<string>();
const KNOWN_VALID_TIME_ZONES_MAX = 1_000;

export function isValidTimeZone(value: string): boolean {
  if (!value || value.length > 64) return false;
  if (knownValidTimeZones.has(value)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
  } catch {
    return false;
  }
  if (knownValidTimeZones.size < KNOWN_VALID_TIME_ZONES_MAX) knownValidTimeZones.add(value);
  return true;
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

/** The weekday of a calendar day, 0 = Sunday. */
export function weekdayOf(day: string): number {
  return new Date(`${day}T00:00:00.000Z`).getUTCDay();
}

/** Whole days from one calendar day to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00.000Z`) - Date.parse(`${from}T00:00:00.000Z`)) / 86_400_000);
}

/** The calendar days from `first` to `last` (both inclusive) that fall on one of the weekdays, in order. */
export function daysOnWeekdays(weekdays: readonly number[], first: string, last: string): string[] {
  const days: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) if (weekdays.includes(weekdayOf(day))) days.push(day);
  return days;
}

/** The wall-clock time (HH:MM) of an instant in a zone. */
export function timeInTimeZone(instant: Date, timeZone: string): string {
  return new Date(wallClockAsUtc(instant, timeZone)).toISOString().slice(11, 16);
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

/** How far a zone's clocks are ahead of UTC at an instant given in whole seconds (ms). */
function offsetAt(instant: number, timeZone: string): number {
  return wallClockAsUtc(new Date(instant), timeZone) - instant;
}

/** The calendar day (yyyy-mm-dd) of an instant in a zone. */
export function dayInTimeZone(instant: Date, timeZone: string): string {
  return new Date(wallClockAsUtc(instant, timeZone)).toISOString().slice(0, 10);
}

/** Today's calendar day (yyyy-mm-dd) in a zone: the earliest day a date input should offer. */
export function todayInTimeZone(timeZone: string, now: Date = new Date()): string {
  return dayInTimeZone(now, timeZone);
}

/**
 * The instant a wall-clock reading (ms, written as if it were UTC) in a zone stands for. The
 * offsets a day before and a day after cover both sides of any DST change near the reading. A
 * reading that happens twice (autumn) takes the first; one that a spring-forward gap skips moves
 * forward by the gap, as a browser's own Date does.
 */
function instantOfWallClock(wall: number, timeZone: string): number {
  const candidates = [offsetAt(wall - 86_400_000, timeZone), offsetAt(wall + 86_400_000, timeZone)].map((offset) => wall - offset);
  const matches = candidates.filter((instant) => wallClockAsUtc(new Date(instant), timeZone) === wall);
  return matches.length > 0 ? Math.min(...matches) : Math.max(...candidates);
}

/**
 * The instant a calendar day starts in a zone: its local midnight, or the first instant of the day
 * when a DST change skips midnight.
 */
export function startOfDayInTimeZone(day: string, timeZone: string): Date {
  const key = `${day} ${timeZone}`;
  let start = dayStarts.get(key);
  if (start === undefined) {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    start = instantOfWallClock(Date.UTC(y, m - 1, d), timeZone);
    // Every search asks for two of these (four Intl calls each); callers choose the keys, so the
    // memory is bounded by starting over when full.
    if (dayStarts.size >= MAX_REMEMBERED_DAY_STARTS) dayStarts.clear();
    dayStarts.set(key, start);
  }
  return new Date(start);
}

const MAX_REMEMBERED_DAY_STARTS = 10_000;
const dayStarts = new Map<string, number>();

/**
 * The instant a wall-clock reading (yyyy-mm-dd, hh:mm) in a zone stands for, DST handled as in
 * instantOfWallClock (02:30 on the spring-forward night is 03:30; the autumn's repeated 01:30 is
 * the first one); null when the day or the time is not a real one.
 */
export function wallClockToInstant(day: string, time: string, timeZone: string): Date | null {
  if (!isCalendarDay(day) || !TIME_PATTERN.test(time)) return null;
  return new Date(instantOfWallClock(Date.parse(`${day}T${time}:00.000Z`), timeZone));
}

/**
 * The UTC date and time of a wall-clock reading in a zone (spec section 5: entered in local time,
 * sent in UTC); null when the reading is not a real day and time. See wallClockToInstant for DST.
 */
export function wallClockToUtc(day: string, time: string, timeZone: string): { date: string; time: string } | null {
  const instant = wallClockToInstant(day, time, timeZone);
  if (!instant) return null;
  const iso = instant.toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** The instant a wall-clock reading in a zone stands for is still ahead of now (false for no real reading). */
export function isWallClockInFuture(day: string, time: string, timeZone: string, now: Date = new Date()): boolean {
  const instant = wallClockToInstant(day, time, timeZone);
  return instant !== null && instant.getTime() > now.getTime();
}

const readableFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant as a person reads it in a zone, with the zone's short name: "Wed, Dec 2, 2026,
 * 11:30 PM EST". What notifications, e-mails and the console write, so that an evening ride keeps
 * its own day (in UTC it would be the next one). An unknown zone reads as UTC.
 */
export function formatInTimeZone(instant: Date, timeZone: string): string {
  const zone = isValidTimeZone(timeZone) ? timeZone : 'UTC';
  let formatter = readableFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      weekday: 'short',
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    });
    if (readableFormatters.size < KNOWN_VALID_TIME_ZONES_MAX) readableFormatters.set(zone, formatter);
  }
  // ICU writes a narrow no-break space before AM/PM: plain spaces read the same in every mail client.
  return formatter.format(instant).replace(/[\u202f\u00a0]/g, ' ');
}
