import type { NotificationKind } from '@carpool/shared/schemas/notifications';
import { SOCKET_EVENTS } from '@carpool/shared/socket-events';
import { useQueryClient } from '@tanstack/react-query';
import { useRegion } from '../../../lib/region';
import { useSocket, useSocketConnect, useSocketEvent } from '../../../lib/socket';
import { rideKeys } from '../api/ride-query-keys';

/**
 * The notifications that say a ride or booking the user takes part in changed: a booking asked
 * for, accepted, rejected or cancelled (seats change with each), the ride cancelled, or a waiting
 * passenger booked from the list or told the list closed. The server
 * sends each to the person concerned, so they are the live signal (docs/decisions/web-live-updates.md).
 */
const RIDE_CHANGING_KINDS: ReadonlySet<NotificationKind> = new Set<NotificationKind>([
  'booking_requested',
  'booking_confirmed',
  'booking_rejected',
  'booking_cancelled_by_passenger',
  'ride_cancelled',
  // A seat from the waiting list: the promoted passenger's screens show their pending booking.
  'waitlist_promoted',
  'waitlist_closed',
]);

/**
 * Keeps every open rides screen (search results, day counts, the ride dialog, My Rides) current:
 * a notification about a ride or a booking, or a system message in a ride chat, refetches the
 * rides queries on screen; so does a reconnect whose missed events were not replayed.
 */
export function useLiveRideUpdates(): void {
  const { region } = useRegion();
  const queryClient = useQueryClient();
  const socket = useSocket();
  // Only the queries of this region, and only those a screen shows are refetched at once; the
  // others are marked stale and refetch when shown.
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [...rideKeys.all, region] });

  useSocketEvent(socket, SOCKET_EVENTS.notification, (notification) => {
    if (RIDE_CHANGING_KINDS.has(notification.kind)) refresh();
  });
  // The server posts a system message in a ride's chat when the ride changes for everyone in it.
  useSocketEvent(socket, SOCKET_EVENTS.newMessage, (message) => {
    if (message.kind === 'system') refresh();
  });
  useSocketConnect(socket, (_socket, { connectedAfterMount, recovered }) => {
    if (connectedAfterMount && !recovered) refresh();
  });
}
