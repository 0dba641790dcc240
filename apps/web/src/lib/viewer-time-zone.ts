import { isValidTimeZone } from '@carpool/shared/time-zones';

/** What a browser with Temporal says the zone is (no Intl formatter is built for it). */
interface TemporalNow {
  Now: { timeZoneId(): string };
}

/**
 * The viewer's IANA zone. The server reads day filters, day counts and a request's "same day" in
 * it, so it must be the zone the dates and times were typed in; UTC when the browser cannot tell.
 *
 * Temporal, where the browser has it, answers at once. Intl builds a date formatter to answer, and
 * the first formatter of a page costs about 15 to 25 ms of a fast machine's main thread (the ICU
 * data it loads), four times that on the phone Lighthouse plays: it was most of the home page's
 * first render (bench/README.md, "eleventh look").
 */
export function viewerTimeZone(): string {
  const temporal = (globalThis as { Temporal?: TemporalNow }).Temporal;
  if (temporal) {
    const zone = temporal.Now.timeZoneId();
    // The engine's own name for its zone: an IANA name or an offset, which Intl accepts too.
    if (/^[\w+\-/:]{1,64}$/.test(zone)) return zone;
  }
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isValidTimeZone(zone) ? zone : 'UTC';
}

/**
 * Today's calendar day (yyyy-mm-dd) on the viewer's clock: the day `todayInTimeZone(viewerTimeZone())`
 * gives, from Date's offset of the browser's zone (which is the viewer's), with no Intl formatter.
 */
export function viewerToday(now: Date = new Date()): string {
  // The local wall clock written as if it were UTC: the instant moved by the zone's offset then.
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}
