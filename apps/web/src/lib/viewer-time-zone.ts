import { isValidTimeZone } from '@carpool/shared/time-zones';

/** What a browser with Temporal says the zone is (no Intl formatter is built for it). */
interface TemporalNow {
  Now: { timeZoneId(): string };
}

/**
 * A zone name every engine's Intl knows, the server's included: UTC or Area/Location. Offsets
 * ("+05:30") and "Etc/Unknown", which an engine may report, go the Intl way, which checks them.
 */
const PLAIN_ZONE_NAME = /^(?:UTC|(?!Etc\/Unknown$)[A-Za-z][\w+-]*(?:\/[\w+-]+)+)$/;

/**
 * The viewer's IANA zone. The server reads day filters, day counts and a request's "same day" in
 * it, so it must be the zone the dates and times were typed in; UTC when the browser cannot tell.
 *
 * Temporal, where the browser has it, answers at once. Intl builds a date formatter to answer, and
 * the first formatter of a page costs about 15 to 30 ms of a fast machine's main thread (the ICU
 * data it loads), four times that on the phone Lighthouse plays: it was most of the home page's
 * first render (bench/README.md, "eleventh look").
 */
export function viewerTimeZone(): string {
  const zone = (globalThis as { Temporal?: TemporalNow }).Temporal?.Now.timeZoneId();
  if (zone && PLAIN_ZONE_NAME.test(zone)) return zone;
  const named = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return named && isValidTimeZone(named) ? named : 'UTC';
}

/**
 * Today's calendar day (yyyy-mm-dd) on the viewer's clock, from Date's offset of the browser's
 * zone, with no Intl formatter: the day `todayInTimeZone(viewerTimeZone())` gives whenever the
 * browser can name its zone (when it cannot, its clock is on UTC as well, in the usual case).
 */
export function viewerToday(now: Date = new Date()): string {
  // The local wall clock written as if it were UTC: the instant moved by the zone's offset then.
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}
