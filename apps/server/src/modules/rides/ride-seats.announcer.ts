import { SOCKET_EVENTS } from '@carpool/shared/socket-events';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/client.js';
import type { EventBus } from '../../lib/events.js';
import { findRideSeatStates } from './rides.repository.js';

/**
 * Changes are gathered this long before they are read and sent: a ride cancelled with five
 * passengers, or a booking that promotes from the waiting list, is one read and one message, and
 * a busy region's bookings within the window share one query.
 */
export const RIDE_SEATS_COALESCE_MS = 50;

/**
 * Tells everyone browsing a region when one of its rides changes its free seats, suitcases, waiting
 * count or status (docs/decisions/live-seat-counts.md). Services publish `ride-changed` after their commit;
 * this reads the committed state (so a booking and the promotions it caused are one update) and
 * publishes `region-event`, which the realtime plugin sends to the region's public room.
 * Returns a stop function (pending changes are dropped: the process is closing).
 */
export function startRideSeatAnnouncer(deps: { db: Queryable; events: EventBus; log: FastifyBaseLogger }): () => void {
  const pending = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | null = null;

  const flush = async () => {
    timer = null;
    const rideIds = [...pending];
    pending.clear();
    try {
      for (const ride of await findRideSeatStates(deps.db, rideIds)) {
        deps.events.publish('region-event', {
          region: ride.region,
          event: SOCKET_EVENTS.rideSeats,
          payload: {
            rideId: ride.id,
            seatsAvailable: ride.seatsAvailable,
            suitcasesAvailable: ride.suitcasesAvailable,
            legs: ride.legSeats.map((seatsAvailable, leg) => ({ seatsAvailable, suitcasesAvailable: ride.legSuitcases[leg] ?? 0 })),
            waitingCount: ride.waitingCount,
            status: ride.status,
          },
        });
      }
    } catch (error) {
      // A missed update is corrected by the next read of the list; nothing else depends on it.
      deps.log.warn({ err: error, rideIds }, 'ride seats: could not read the rides to announce');
    }
  };

  const unsubscribe = deps.events.subscribe('ride-changed', ({ rideId }) => {
    pending.add(rideId);
    timer ??= setTimeout(() => void flush(), RIDE_SEATS_COALESCE_MS);
  });
  return () => {
    unsubscribe();
    if (timer) clearTimeout(timer);
    timer = null;
    pending.clear();
  };
}
