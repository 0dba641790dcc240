import type { Notification } from './schemas/notifications.js';

/**
 * Where a notification leads in the web app, without the region prefix: the bell, e-mails and push
 * messages all link there. Booking and ride-cancellation notifications carry the other person
 * too (otherUserId), so the kind decides, not the fields present:
 * - a direct message: the conversation;
 * - a booking change (a promotion from the waiting list too), a changed or cancelled ride: My Rides, which holds the rides someone posted and the
 *   ones they booked, each with its detail dialog;
 * - a review that is due, a new ride matching a request and a closed waiting list: the home page,
 *   which shows the "review(s) due" button and the ride list (a waiting passenger held no booking,
 *   so the ride is not on their My Rides);
 * - a verification decision and a review received: the own profile, which shows both;
 * - a report's confirmation or outcome and a warning: nowhere, the text says it all.
 */
export function notificationPath(notification: Pick<Notification, 'kind' | 'rideId' | 'otherUserId'>): string | null {
  switch (notification.kind) {
    case 'direct_message':
      return notification.otherUserId ? `/conversation-messages/${notification.otherUserId}` : '/inbox';
    case 'booking_requested':
    case 'booking_confirmed':
    case 'booking_rejected':
    case 'booking_cancelled_by_passenger':
    case 'ride_cancelled':
    case 'ride_cancelled_driver_removed':
    case 'ride_updated':
    case 'waitlist_promoted':
      // The ride's dialog opens on My Rides (the driver accepts or rejects there), as e-mails link.
      return notification.rideId ? `/my-rides?ride=${notification.rideId}` : '/my-rides';
    case 'verification_decided':
    case 'review_received':
      return '/profile';
    case 'report_received':
    case 'report_outcome':
    case 'account_warning':
      return null;
    case 'review_due':
    case 'waitlist_closed':
      return '/';
    case 'ride_request_match':
      return notification.rideId ? `/?ride=${notification.rideId}` : '/';
  }
}
