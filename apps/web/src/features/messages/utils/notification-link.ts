import type { Notification } from '@carpool/shared/schemas/notifications';

/**
 * Where a notification leads. Booking and ride-cancellation notifications carry the other person
 * too (otherUserId), so the kind decides, not the fields present:
 * - a direct message: the conversation;
 * - a booking change, a changed or cancelled ride: My Rides, which holds the rides someone posted and the
 *   ones they booked, each with its detail dialog;
 * - a review that is due and a new ride matching a request: the home page, which shows the
 *   "review(s) due" button and the ride list.
 */
export function notificationPath(notification: Notification): string | null {
  switch (notification.kind) {
    case 'direct_message':
      return notification.otherUserId ? `/conversation-messages/${notification.otherUserId}` : '/inbox';
    case 'booking_requested':
    case 'booking_confirmed':
    case 'booking_rejected':
    case 'booking_cancelled_by_passenger':
    case 'ride_cancelled':
    case 'ride_updated':
      return '/my-rides';
    case 'review_due':
    case 'ride_request_match':
      return '/';
  }
}

/** The bell's badge: exact up to 99, then "99+" so it keeps its size. */
export function formatUnreadCount(count: number): string {
  return count > 99 ? '99+' : String(count);
}
