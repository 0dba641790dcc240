import { PERIODIC_JOB_INTERVAL_MS } from '@carpool/shared/constants';
import { placeLabel } from '@carpool/shared/places';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import { createNotification } from '../notifications/notifications.service.js';
import {
  completeDepartedRides,
  expirePassedRideRequests,
  moveBookingsOfRides,
  releaseSeatsOfRide,
  tryAdvisoryTransactionLock,
} from './periodic-job.repository.js';

type JobDeps = Pick<AppDeps, 'db' | 'clock' | 'events'>;

/** Any constant unique to this job; every server process uses the same one. */
export const PERIODIC_JOB_LOCK_KEY = 0x63617270;

export interface PeriodicJobResult {
  /** False when another process held the lock, so this run did nothing. */
  ran: boolean;
  ridesCompleted: number;
  bookingsCompleted: number;
  bookingsCancelled: number;
  rideRequestsExpired: number;
  reviewDueNotifications: number;
}

/**
 * Completes departed rides and their confirmed bookings (which makes them reviewable), cancels
 * their still-pending bookings, expires ride requests whose time has passed, and tells both sides
 * of each completed booking that a review is due. One transaction under an advisory lock, so
 * several server processes never run it at the same time; a second run finds nothing left to do.
 */
export async function runPeriodicJob(deps: JobDeps): Promise<PeriodicJobResult> {
  const now = deps.clock.now();
  const { result, pushes } = await deps.db.transaction(async (tx) => {
    const result: PeriodicJobResult = {
      ran: false,
      ridesCompleted: 0,
      bookingsCompleted: 0,
      bookingsCancelled: 0,
      rideRequestsExpired: 0,
      reviewDueNotifications: 0,
    };
    const pushes: (() => void)[] = [];
    if (!(await tryAdvisoryTransactionLock(tx, PERIODIC_JOB_LOCK_KEY))) return { result, pushes };
    result.ran = true;

    const completedRides = await completeDepartedRides(tx, now);
    const rideIds = completedRides.map((ride) => ride.id);
    const completedBookings = await moveBookingsOfRides(tx, { rideIds, from: 'confirmed', to: 'completed', now });
    const cancelledBookings = await moveBookingsOfRides(tx, { rideIds, from: 'pending', to: 'cancelled', now });
    // A cancelled booking holds no seat, whoever cancels it (DESIGN.md section 6).
    const released = new Map<string, { seats: number; suitcases: number }>();
    for (const booking of cancelledBookings) {
      const total = released.get(booking.rideId) ?? { seats: 0, suitcases: 0 };
      released.set(booking.rideId, { seats: total.seats + booking.seats, suitcases: total.suitcases + booking.suitcases });
    }
    for (const [rideId, total] of released) await releaseSeatsOfRide(tx, { rideId, ...total });
    result.ridesCompleted = completedRides.length;
    result.bookingsCompleted = completedBookings.length;
    result.bookingsCancelled = cancelledBookings.length;
    result.rideRequestsExpired = await expirePassedRideRequests(tx, now);

    const rideById = new Map(completedRides.map((ride) => [ride.id, ride]));
    for (const booking of completedBookings) {
      const ride = rideById.get(booking.rideId)!;
      const route = `from ${placeLabel(ride.fromPlace)} to ${placeLabel(ride.toPlace)}`;
      // The key names the side that receives the notification; it makes a repeat a no-op.
      const sides = [
        { userId: booking.userId, otherUserId: ride.driverId, side: 'passenger', body: `How was your ride ${route}? Review your driver.` },
        { userId: ride.driverId, otherUserId: booking.userId, side: 'driver', body: `How was your ride ${route}? Review your passenger.` },
      ];
      for (const { side, ...notification } of sides) {
        pushes.push(
          await createNotification(tx, deps.events, {
            ...notification,
            kind: 'review_due',
            title: 'Review due',
            rideId: ride.id,
            bookingId: booking.id,
            dedupeKey: `review_due:${booking.id}:${side}`,
          }),
        );
        result.reviewDueNotifications += 1;
      }
    }
    return { result, pushes };
  });
  for (const push of pushes) push();
  return result;
}

/** How a run ended: `skipped` when another process held the lock. */
export type PeriodicJobOutcome = 'ran' | 'skipped' | 'failed';

/**
 * Runs the job every PERIODIC_JOB_INTERVAL_MS (the first run right after start), never two runs
 * of this process at once. `onRun` hears each run's outcome (the metrics count them). Returns
 * the function that stops it and waits for a run in progress.
 */
export function startPeriodicJob(
  deps: JobDeps,
  log: FastifyBaseLogger,
  onRun: (outcome: PeriodicJobOutcome) => void = () => {},
): () => Promise<void> {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = runPeriodicJob(deps)
      .then((result) => {
        onRun(result.ran ? 'ran' : 'skipped');
        if (result.ridesCompleted || result.rideRequestsExpired) log.info({ periodicJob: result }, 'periodic job finished');
      })
      .catch((error: unknown) => {
        onRun('failed');
        log.error({ err: error }, 'periodic job failed');
      })
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(tick, 0);
  const timer = setInterval(tick, PERIODIC_JOB_INTERVAL_MS);
  first.unref();
  timer.unref();
  return async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
