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
 * gives, read from Date's local fields (the browser's zone is the viewer's), with no Intl formatter.
 */
export function viewerToday(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
