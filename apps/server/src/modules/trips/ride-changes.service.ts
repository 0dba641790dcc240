import type { Region } from '@carpool/shared/regions';
import type { CancelledRideSeries, Ride, UpdateRide } from '@carpool/shared/schemas/rides';
import { formatInTimeZone } from '@carpool/shared/time-zones';
import type { AppDeps } from '../../app-deps.js';
import type { Queryable } from '../../db/client.js';
import { transactionRetryingDeadlocks } from '../../db/deadlock-retry.js';
import { AppError, forbidden, notFound } from '../../lib/app-error.js';
import { cancelActiveBookingsOfRide } from '../bookings/bookings.service.js';
import { createNotification } from '../notifications/notifications.service.js';
import { routeText } from '../regions/regions.service.js';
import { createSystemRideMessage } from '../ride-messages/ride-messages.service.js';
import { notifyRequestersOfNewRide } from '../ride-requests/ride-requests.service.js';
import {
  cancelActiveRide,
  editRideInTransaction,
  findActiveBookingsOfRide,
  findRideSeries,
  findRideWithDriver,
  findRidesWithDrivers,
  findUpcomingActiveRidesOfDriver,
  findUpcomingOccurrencesFrom,
  getRide,
  rideChangesOf,
  stopRideSeries,
  type RideWithDriver,
} from '../rides/rides.service.js';
import { closeWaitlistsOfRides } from '../waitlist/waitlist.service.js';
import { promoteWaitingPassengers } from './waiting-list.service.js';

/*
 * The use-cases that change a ride its passengers hold or wait for: its cancellation (by the
 * driver, with its weekly series, or because the driver's account ends) and the driver's edit.
 * Each combines the ride's own statement with the bookings it ends, the chat's notice, the
 * waiting list and the notifications, in one transaction
 * (docs/decisions/seat-inventory-and-module-shape.md).
 */

type RidesDeps = Pick<AppDeps, 'db' | 'clock' | 'events' | 'config' | 'regions'>;
type SeriesDeps = Pick<AppDeps, 'db' | 'clock' | 'events' | 'regions'>;
/** What a cancellation inside a transaction needs: the events it publishes, and the region's place labels its texts name. */
type NoticeDeps = Pick<AppDeps, 'events' | 'regions'>;

const RIDE_CANCELLED_SYSTEM_MESSAGE = 'The driver cancelled this ride. All bookings on it have been cancelled.';
const RIDE_CANCELLED_DRIVER_REMOVED_MESSAGE = 'This ride was cancelled: the driver\'s account is no longer active. All bookings on it have been cancelled.';

/**
 * The driver cancels their ride: its active bookings are cancelled (their seats come back), a
 * system message goes to the ride chat and every passenger who held a booking is notified.
 */
export async function cancelRide(deps: RidesDeps, driverId: string, region: Region, rideId: string): Promise<Ride> {
  const now = deps.clock.now();
  const found = await findRideWithDriver(deps.db, rideId, region);
  if (!found) throw notFound('Ride');
  if (found.ride.driverId !== driverId) throw forbidden('Only the driver can cancel this ride');

  const { publishMessage, pushes } = await transactionRetryingDeadlocks(deps.db, async (tx) => {
    const cancelled = await cancelRideInTransaction(tx, deps, found, now, {
      kind: 'ride_cancelled',
      systemMessage: RIDE_CANCELLED_SYSTEM_MESSAGE,
      body: `${found.driver.name} cancelled the ride ${routeText(deps.regions, found.ride.region, found.ride)}. Your booking was cancelled.`,
    });
    if (!cancelled) {
      const current = await findRideWithDriver(tx, rideId, region);
      if (current?.ride.status === 'cancelled') throw new AppError('RIDE_CANCELLED', 'This ride is already cancelled');
      throw new AppError('RIDE_DEPARTED', 'This ride has already departed and can no longer be cancelled');
    }
    return cancelled;
  });
  for (const push of pushes) push();
  publishMessage();
  return getRide(deps, { userId: driverId }, region, rideId);
}

/**
 * The ride cancellation itself, inside the caller's transaction: the ride (if still active and
 * upcoming) and its active bookings are cancelled, a system message goes to its chat and each
 * passenger who held a booking is notified; its waiting list is closed and the waiting passengers
 * are told. Undefined when the ride could not be cancelled.
 * Run the pushes and then publish the message to the ride room after commit.
 */
async function cancelRideInTransaction(
  tx: Queryable,
  deps: NoticeDeps,
  found: RideWithDriver,
  now: Date,
  notice: { kind: 'ride_cancelled' | 'ride_cancelled_driver_removed'; systemMessage: string; body: string },
): Promise<{ publishMessage: () => void; pushes: (() => void)[] } | undefined> {
  const rideId = found.ride.id;
  const cancelled = await cancelActiveRide(tx, { id: rideId, driverId: found.ride.driverId, now });
  if (!cancelled) return undefined;
  const cancelledBookings = await cancelActiveBookingsOfRide(tx, rideId, now);
  const { events } = deps;
  const publishMessage = await createSystemRideMessage(tx, events, rideId, notice.systemMessage, now);
  const pushes = [];
  for (const booking of cancelledBookings) {
    pushes.push(
      await createNotification(tx, events, {
        userId: booking.userId,
        kind: notice.kind,
        title: 'Ride cancelled',
        body: notice.body,
        rideId,
        bookingId: booking.id,
        otherUserId: found.ride.driverId,
      }),
    );
  }
  // Nobody waits for a cancelled ride: the list is closed and each waiting passenger is told.
  pushes.push(...(await closeWaitlistsOfRides(tx, deps, [found.ride], 'cancelled')));
  // Everyone browsing the region sees the ride leave their list.
  pushes.push(() => events.publish('ride-changed', { rideId }));
  return { publishMessage, pushes };
}

/**
 * Cancels every upcoming ride of a driver whose account is being suspended or deleted, inside the
 * caller's transaction, which has stopped their series first (stopRideSeriesOfDriver); the
 * passengers are told why. Returns what to publish after commit.
 */
export async function cancelUpcomingRidesOfDriver(
  tx: Queryable,
  deps: NoticeDeps,
  driverId: string,
  now: Date,
  why: 'suspended' | 'deleted',
): Promise<() => void> {
  const after: (() => void)[] = [];
  for (const found of await findUpcomingActiveRidesOfDriver(tx, driverId, now)) {
    const route = routeText(deps.regions, found.ride.region, found.ride);
    const cancelled = await cancelRideInTransaction(tx, deps, found, now, {
      kind: 'ride_cancelled_driver_removed',
      systemMessage: RIDE_CANCELLED_DRIVER_REMOVED_MESSAGE,
      body:
        why === 'suspended'
          ? `The ride ${route} was cancelled because its driver's account was suspended. Your booking was cancelled; please look for another ride.`
          : `The ride ${route} was cancelled because its driver deleted their account. Your booking was cancelled; please look for another ride.`,
    });
    if (!cancelled) continue;
    after.push(...cancelled.pushes, cancelled.publishMessage);
  }
  return () => after.forEach((run) => run());
}

/**
 * The driver cancels their weekly ride from a local day on: the series stops creating
 * occurrences, and every active occurrence on or after that day that has not departed is
 * cancelled through the usual ride cancellation (bookings cancelled, chat message, passengers
 * notified), all in one transaction. Earlier occurrences and their bookings are left alone.
 */
export async function cancelRideSeries(
  deps: SeriesDeps,
  driverId: string,
  region: Region,
  seriesId: string,
  fromDay: string,
): Promise<CancelledRideSeries> {
  const now = deps.clock.now();
  const series = await findRideSeries(deps.db, seriesId);
  if (!series || series.region !== region) throw notFound('Ride series');
  if (series.driverId !== driverId) throw forbidden('Only the driver can cancel this weekly ride');

  const { cancelledRideIds, afterCommit } = await transactionRetryingDeadlocks(deps.db, async (tx) => {
    // First the series' row lock: a periodic job extending it meanwhile is waited for, so the
    // occurrences it created are among those cancelled below, and none comes after.
    await stopRideSeries(tx, seriesId, now);
    const cancelledRideIds: string[] = [];
    const afterCommit: (() => void)[] = [];
    for (const found of await findUpcomingOccurrencesFrom(tx, { seriesId, fromDay, now })) {
      const cancelled = await cancelRideInTransaction(tx, deps, found, now, {
        kind: 'ride_cancelled',
        systemMessage: RIDE_CANCELLED_SYSTEM_MESSAGE,
        body: `${found.driver.name} cancelled the weekly ride ${routeText(deps.regions, found.ride.region, found.ride)} from ${fromDay} on, including the one on ${found.ride.seriesDay}. Your booking was cancelled.`,
      });
      if (!cancelled) continue;
      cancelledRideIds.push(found.ride.id);
      afterCommit.push(...cancelled.pushes, cancelled.publishMessage);
    }
    return { cancelledRideIds, afterCommit };
  });
  for (const run of afterCommit) run();
  return { seriesId, from: fromDay, cancelledRideIds };
}

const formatPrice = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * The driver edits their active ride before departure (docs/decisions/ride-edits.md). Totals never
 * go below what active bookings hold (409 SEATS_BELOW_BOOKED), checked in the UPDATE itself so a
 * concurrent booking cannot slip in between. A change of time or price tells every passenger
 * holding a booking what changed, in the same transaction.
 */
export async function updateRide(deps: RidesDeps, driverId: string, region: Region, rideId: string, input: UpdateRide): Promise<Ride> {
  const now = deps.clock.now();
  const found = await findRideWithDriver(deps.db, rideId, region);
  if (!found) throw notFound('Ride');
  if (found.ride.driverId !== driverId) throw forbidden('Only the driver can edit this ride');

  const changes = rideChangesOf(deps, region, found.ride, input, now);

  const pushes = await transactionRetryingDeadlocks(deps.db, async (tx) => {
    const edited = await editRideInTransaction(tx, { rideId, driverId, region, changes, stops: input.stops, now, places: deps.regions.placesOf(region) });
    const { stopsChanged } = edited;
    // More seats or suitcases: the waiting list gets them in this transaction (docs/decisions/waiting-list.md).
    const promoted =
      input.totalSeats !== undefined || input.totalSuitcases !== undefined
        ? await promoteWaitingPassengers(tx, deps, rideId, now)
        : [];
    // New stops or a new day may now serve ride requests; each request hears of a ride once.
    if (stopsChanged || edited.ride.departsAt.getTime() !== edited.previous.departsAt.getTime()) {
      const [current] = await findRidesWithDrivers(tx, [rideId]);
      promoted.push(await notifyRequestersOfNewRide(tx, deps, current!.ride, now));
    }
    const what: string[] = [];
    if (edited.ride.departsAt.getTime() !== edited.previous.departsAt.getTime()) {
      what.push(
        `departure moved from ${formatInTimeZone(edited.previous.departsAt, edited.ride.timezone)} to ${formatInTimeZone(edited.ride.departsAt, edited.ride.timezone)}`,
      );
    }
    if (edited.ride.priceCents !== edited.previous.priceCents) {
      what.push(`price changed from ${formatPrice(edited.previous.priceCents)} to ${formatPrice(edited.ride.priceCents)}`);
    }
    if (what.length === 0) return promoted;
    const pushes = [...promoted];
    // Passengers promoted just now waited under the old terms, so they are told as well.
    for (const booking of await findActiveBookingsOfRide(tx, rideId)) {
      pushes.push(
        await createNotification(tx, deps.events, {
          userId: booking.userId,
          kind: 'ride_updated',
          title: 'Ride changed',
          body: `${found.driver.name} changed the ride ${routeText(deps.regions, found.ride.region, found.ride)}: ${what.join('; ')}. If it no longer suits you, you may cancel without it counting against you.`,
          rideId,
          bookingId: booking.id,
          otherUserId: driverId,
        }),
      );
    }
    return pushes;
  });
  for (const push of pushes) push();
  if (input.totalSeats !== undefined || input.totalSuitcases !== undefined || input.stops !== undefined) {
    deps.events.publish('ride-changed', { rideId });
  }
  return getRide(deps, { userId: driverId }, region, rideId);
}
