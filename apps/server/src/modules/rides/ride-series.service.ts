import { SERIES_HORIZON_WEEKS } from '@carpool/shared/constants';
import { addDays, daysOnWeekdays, todayInTimeZone, wallClockToInstant } from '@carpool/shared/time-zones';
import type { Queryable } from '../../db/client.js';
import type { AppDeps } from '../../app-deps.js';
import { notifyRequestersOfNewRide } from '../ride-requests/ride-requests.service.js';
import {
  advanceSeriesCreatedThrough,
  insertRideSeries,
  insertSeriesOccurrences,
  lockSeriesDueForExtension,
  type NewRideSeries,
  type RideSeriesRow,
} from './ride-series.repository.js';
import type { RideRow } from './rides.repository.js';
import { freshLegs } from './seat-inventory.js';

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
  deps: Pick<AppDeps, 'events' | 'regions'>,
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
  for (const ride of created) afterCommit.push(await notifyRequestersOfNewRide(tx, deps, ride, now));
  return { created, afterCommit };
}

/**
 * Posts a weekly series inside the caller's transaction and creates its occurrences up to the
 * horizon (the first one always, even when it departs beyond the horizon). The first occurrence
 * departs at `firstDepartsAt`, which must fall on `firstDay` at `localTime` in the zone.
 */
export async function createRideSeriesInTransaction(
  tx: Queryable,
  deps: Pick<AppDeps, 'events' | 'regions'>,
  series: Omit<NewRideSeries, 'id' | 'createdThrough' | 'status' | 'stoppedAt' | 'createdAt'> & { firstDay: string },
  firstDepartsAt: Date,
  now: Date,
): Promise<{ series: RideSeriesRow; occurrences: RideRow[]; afterCommit: (() => void)[] }> {
  const row = await insertRideSeries(tx, { ...series, createdThrough: addDays(series.firstDay, -1), createdAt: now });
  const horizon = horizonOf(row, now);
  const through = horizon < row.firstDay ? row.firstDay : horizon;
  const { created, afterCommit } = await createOccurrences(tx, deps, row, through, now, { day: row.firstDay, departsAt: firstDepartsAt });
  return { series: row, occurrences: created, afterCommit };
}

/**
 * The periodic job's part: every active series whose horizon has moved on gets its next
 * occurrences, inside the job's transaction. Safe to repeat: the series rows are locked, what
 * exists is never created again, and `created_through` only moves forward.
 */
export async function extendRideSeries(tx: Queryable, deps: Pick<AppDeps, 'events' | 'regions'>, now: Date): Promise<{ created: number; afterCommit: (() => void)[] }> {
  let created = 0;
  const afterCommit: (() => void)[] = [];
  for (const series of await lockSeriesDueForExtension(tx, now, HORIZON_DAYS)) {
    const through = horizonOf(series, now);
    if (through <= series.createdThrough) continue;
    const extended = await createOccurrences(tx, deps, series, through, now);
    created += extended.created.length;
    afterCommit.push(...extended.afterCommit);
  }
  return { created, afterCommit };
}
