import { isValidTimeZone } from '@carpool/shared/time-zones';

/**
 * The viewer's IANA zone. The server reads the search's `date` and the request's "same day" in it,
 * so it must be the zone the date and time were typed in; UTC when the browser cannot tell.
 */
export function viewerTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isValidTimeZone(zone) ? zone : 'UTC';
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    partsFormatters.set(timeZone, formatter);
  }
  return formatter;
}

function wallClock(instant: number, timeZone: string): { day: string; time: string; asUtc: number } {
  const parts = Object.fromEntries(partsFormatter(timeZone).formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  const day = `${parts.year}-${parts.month}-${parts.day}`;
  const time = `${parts.hour}:${parts.minute}`;
  return { day, time, asUtc: Date.parse(`${day}T${time}:00.000Z`) };
}

/**
 * The UTC date and time of a wall-clock reading in a zone (spec section 5: entered in local time,
 * sent in UTC). The zone's offset is looked up twice so that it is the one in force at the result,
 * also next to a DST change. A reading that the spring-forward gap skips (02:30 on that night)
 * moves forward by the gap, as the browser's own Date does; a reading that happens twice in the
 * autumn takes the first.
 */
export function localToUtc(day: string, time: string, timeZone: string): { date: string; time: string } {
  const wall = Date.parse(`${day}T${time}:00.000Z`);
  const offsetAt = (instant: number) => wallClock(instant, timeZone).asUtc - Math.floor(instant / 60_000) * 60_000;
  const firstGuess = wall - offsetAt(wall);
  const secondGuess = wall - offsetAt(firstGuess);
  const matches = [secondGuess, firstGuess].filter((instant) => wallClock(instant, timeZone).asUtc === wall);
  const instant = matches.length > 0 ? Math.min(...matches) : Math.max(firstGuess, secondGuess);
  const iso = new Date(instant).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** Today's calendar day (yyyy-mm-dd) in a zone: the earliest day the date inputs offer. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return wallClock(now.getTime(), timeZone).day;
}

/** The time a local reading stands for is still ahead of now. */
export function isLocalTimeInFuture(day: string, time: string, timeZone: string, now: Date = new Date()): boolean {
  const utc = localToUtc(day, time, timeZone);
  return Date.parse(`${utc.date}T${utc.time}:00.000Z`) > now.getTime();
}

/** "Sat, Mar 14, 2026": a departure's day as the viewer's calendar reads it. */
export function formatLocalDate(departsAt: string, timeZone: string = viewerTimeZone()): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' }).format(
    new Date(departsAt),
  );
}

/** "3:30 PM": a departure's time on the viewer's clock (the API gives UTC). */
export function formatLocalTime(departsAt: string, timeZone: string = viewerTimeZone()): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(new Date(departsAt));
}
