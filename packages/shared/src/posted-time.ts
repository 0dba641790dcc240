const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

function ago(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}

/**
 * The "posted time" text of rides and ride requests: "just now", "5 minutes ago", "2 hours ago",
 * "3 days ago". A creation time in the future (clock skew between machines) reads "just now".
 */
export function formatPostedTime(createdAt: Date | string, now: Date): string {
  const elapsed = now.getTime() - new Date(createdAt).getTime();
  if (elapsed < MINUTE_MS) return 'just now';
  if (elapsed < HOUR_MS) return ago(Math.floor(elapsed / MINUTE_MS), 'minute');
  if (elapsed < DAY_MS) return ago(Math.floor(elapsed / HOUR_MS), 'hour');
  return ago(Math.floor(elapsed / DAY_MS), 'day');
}
