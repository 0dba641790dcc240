/**
 * The one way the app writes a day and a time: "Thu, 12 Mar 2026" and "2:05 PM", on the viewer's
 * calendar and clock (the API gives instants in UTC). Rides, ride requests, reviews and the console
 * all use these, so that the same day never reads two ways on two screens.
 *
 * Built from Date's local fields, not Intl: the first Intl formatter of a page costs 15 to 30 ms of
 * the main thread (lib/viewer-time-zone.ts), and these run in the first render of the ride list.
 */

export const MONTH_ABBREVIATIONS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
export const WEEKDAY_ABBREVIATIONS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** "Thu, 12 Mar 2026": the day of an instant on the viewer's calendar. */
export function formatLocalDate(iso: string): string {
  const instant = new Date(iso);
  return `${WEEKDAY_ABBREVIATIONS[instant.getDay()]}, ${instant.getDate()} ${MONTH_ABBREVIATIONS[instant.getMonth()]} ${instant.getFullYear()}`;
}

/** "2:05 PM": the time of an instant on the viewer's clock. */
export function formatLocalTime(iso: string): string {
  const instant = new Date(iso);
  const hours = instant.getHours();
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${twelve}:${String(instant.getMinutes()).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** "Thu, 12 Mar 2026, 2:05 PM". */
export function formatLocalDateTime(iso: string): string {
  return `${formatLocalDate(iso)}, ${formatLocalTime(iso)}`;
}
