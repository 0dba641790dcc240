import { viewerTimeZone } from '../../../lib/viewer-time-zone';

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
