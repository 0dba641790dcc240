import { SERIES_HORIZON_WEEKS } from '@carpool/shared/constants';
import { placeLabel } from '@carpool/shared/places';
import type { Region } from '@carpool/shared/regions';
import type { CancelledRideSeries } from '@carpool/shared/schemas/rides';
import { addDays, daysOnWeekdays, todayInTimeZone, wallClockToInstant } from '@carpool/shared/time-zones';
import type { AppDeps } from '../../app-deps.js';
import type { Queryable } from '../../db/client.js';
import { transactionRetryingDeadlocks } from '../../db/deadlock-retry.js';
import { forbidden, notFound } from '../../lib/app-error.js';
import type { EventBus } from '../../lib/events.js';
import { toRideMessageDto } from '../ride-messages/ride-messages.service.js';
import { notifyRequestersOfNewRide } from '../ride-requests/ride-requests.service.js';
import {
  advanceSeriesCreatedThrough,
  findRideSeries,
  findUpcomingOccurrencesFrom,
  insertRideSeries,
  insertSeriesOccurrences,
  lockSeriesDueForExtension,
  stopRideSeries,
  type NewRideSeries,
  type RideSeriesRow,
} from './ride-series.repository.js';
import type { RideRow } from './rides.repository.js';
import { RIDE_CANCELLED_SYSTEM_MESSAGE, cancelRideInTransaction } from './rides.service.js';
import { freshLegs } from './seat-inventory.js';

type SeriesDeps = Pick<AppDeps, 'db' | 'clock' | 'events'>;

const HORIZON_DAYS = SERIES_HORIZON_WEEKS * 7;

/** The last local day occurrences of a series should exist for at `now`: today + the horizon, never past `until`. */
function horizonOf(series: Pick<RideSeriesRow, 'timezone' | 'until'>, now: Date): string {
  const horizon = addDays(todayInTimeZone(series.timezone, now), HORIZON_DAYS);
  return horizon < series.until ? horizon : series.until;
}

/**
 * Creates the occurrences of a series for its matching days after `createdThrough` up to
 * `through`, each departing at the series' local time on its day (so the UTC instant follows
 * daylight-saving changes), skipping any that would already have departed. `exact` pins one day's
 * instant (the first occurrence departs exactly when the driver said, even in an hour autumn
 * repeats). Also tells matching ride requests. Returns the rides inserted and what to publish after commit.
 */
async function createOccurrences(
  tx: Queryable,
  events: EventBus,
  series: RideSeriesRow,
  through: string,
  now: Date,
  exact?: { day: string; departsAt: Date },
): Promise<{ created: RideRow[]; afterCommit: (() => void)[] }> {
  const start = addDays(series.createdThrough, 1) > series.firstDay ? addDays(series.createdThrough, 1) : series.firstDay;
  const occurrences = [];
  for (const day of daysOnWeekdays(series.weekdays, start, through)) {
    const departsAt = exact?.day === day ? exact.departsAt : wallClockToInstant(day, series.localTime, series.timezone)!;
    if (departsAt.getTime() <= now.getTime()) continue;
    occurrences.push({
      region: series.region,
      driverId: series.driverId,
      timezone: series.timezone,
      fromPlace: series.fromPlace,
      toPlace: series.toPlace,
      departsAt,
      // Every occurrence stops where the series does, as long after its departure.
      stopPlaces: series.stopPlaces,
      stopTimes: series.stopOffsetsMinutes.map((minutes) => new Date(departsAt.getTime() + minutes * 60_000)),
      priceCents: series.priceCents,
      totalSeats: series.totalSeats,
      totalSuitcases: series.totalSuitcases,
      ...freshLegs({ totalSeats: series.totalSeats, totalSuitcases: series.totalSuitcases, stopCount: series.stopPlaces.length }),
      notes: series.notes,
      pickupAddress: series.pickupAddress,
      pickupLat: series.pickupLat,
      pickupLng: series.pickupLng,
      dropoffAddress: series.dropoffAddress,
      dropoffLat: series.dropoffLat,
      dropoffLng: series.dropoffLng,
      createdAt: now,
      seriesId: series.id,
      seriesDay: day,
    });
  }
  const created = await insertSeriesOccurrences(tx, occurrences);
  await advanceSeriesCreatedThrough(tx, series.id, through);
  const afterCommit: (() => void)[] = [];
  for (const ride of created) afterCommit.push(await notifyRequestersOfNewRide(tx, events, ride, now));
  return { created, afterCommit };
}

/**
 * Posts a weekly series inside the caller's transaction and creates its occurrences up to the
 * horizon (the first one always, even when it departs beyond the horizon). The first occurrence
 * departs at `firstDepartsAt`, which must fall on `firstDay` at `localTime` in the zone.
 */
export async function createRideSeriesInTransaction(
  tx: Queryable,
  events: EventBus,
  series: Omit<NewRideSeries, 'id' | 'createdThrough' | 'status' | 'stoppedAt' | 'createdAt'> & { firstDay: string },
  firstDepartsAt: Date,
  now: Date,
): Promise<{ series: RideSeriesRow; occurrences: RideRow[]; afterCommit: (() => void)[] }> {
  const row = await insertRideSeries(tx, { ...series, createdThrough: addDays(series.firstDay, -1), createdAt: now });
  const horizon = horizonOf(row, now);
  const through = horizon < row.firstDay ? row.firstDay : horizon;
  const { created, afterCommit } = await createOccurrences(tx, events, row, through, now, { day: row.firstDay, departsAt: firstDepartsAt });
  return { series: row, occurrences: created, afterCommit };
}

/**
 * The periodic job's part: every active series whose horizon has moved on gets its next
 * occurrences, inside the job's transaction. Safe to repeat: the series rows are locked, what
 * exists is never created again, and `created_through` only moves forward.
 */
export async function extendRideSeries(tx: Queryable, events: EventBus, now: Date): Promise<{ created: number; afterCommit: (() => void)[] }> {
  let created = 0;
  const afterCommit: (() => void)[] = [];
  for (const series of await lockSeriesDueForExtension(tx, now, HORIZON_DAYS)) {
    const through = horizonOf(series, now);
    if (through <= series.createdThrough) continue;
    const extended = await createOccurrences(tx, events, series, through, now);
    created += extended.created.length;
    afterCommit.push(...extended.afterCommit);
  }
  return { created, afterCommit };
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
      const cancelled = await cancelRideInTransaction(tx, deps.events, found, now, {
        kind: 'ride_cancelled',
        systemMessage: RIDE_CANCELLED_SYSTEM_MESSAGE,
        body: `${found.driver.name} cancelled the weekly ride from ${placeLabel(found.ride.fromPlace)} to ${placeLabel(found.ride.toPlace)} from ${fromDay} on, including the one on ${found.ride.seriesDay}. Your booking was cancelled.`,
      });
      if (!cancelled) continue;
      cancelledRideIds.push(found.ride.id);
      const { message } = cancelled;
      afterCommit.push(...cancelled.pushes, () =>
        deps.events.publish('ride-event', {
          rideId: found.ride.id,
          event: 'new-message',
          payload: toRideMessageDto({ ...message, userName: null, userAvatarFileId: null }),
        }),
      );
    }
    return { cancelledRideIds, afterCommit };
  });
  for (const run of afterCommit) run();
  return { seriesId, from: fromDay, cancelledRideIds };
}
