/** The bell's badge: exact up to 99, then "99+" so it keeps its size. */
export function formatUnreadCount(count: number): string {
  return count > 99 ? '99+' : String(count);
}
