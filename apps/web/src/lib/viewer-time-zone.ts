import { isValidTimeZone } from '@carpool/shared/time-zones';

/**
 * The viewer's IANA zone. The server reads day filters, day counts and a request's "same day" in
 * it, so it must be the zone the dates and times were typed in; UTC when the browser cannot tell.
 */
export function viewerTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isValidTimeZone(zone) ? zone : 'UTC';
}
