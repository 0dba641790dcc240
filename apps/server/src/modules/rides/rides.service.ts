import { RIDE_MESSAGES_IN_RIDE } from '@carpool/shared/constants';
import { estimatedTravelMinutes, legMiles, placeDistanceMiles, segmentPrice } from '@carpool/shared/distance';
import type { PlaceIndex } from '@carpool/shared/place-index';
import { formatPostedTime } from '@carpool/shared/posted-time';
import type { Region } from '@carpool/shared/regions';
import type {
  CreateRide,
  CreatedRide,
  MyBooking,
  Ride,
  RideDayCount,
  RideDayCounts,
  RidePassenger,
  RideSearch,
  RideSegment,
  RideStopInput,
  UpdateRide,
} from '@carpool/shared/schemas/rides';
import type { RideRequest } from '@carpool/shared/schemas/ride-requests';
import { PRICE_SORT_CANDIDATES_MAX, stopIssues } from '@carpool/shared/schemas/rides';
import { addDays, dayInTimeZone, daysBetween, startOfDayInTimeZone, timeInTimeZone } from '@carpool/shared/time-zones';
import type { AppDeps } from '../../app-deps.js';
import type { Queryable } from '../../db/client.js';
import { AppError, forbidden, notFound } from '../../lib/app-error.js';
import { priceCapIssue } from '../places/places.service.js';
import { assertRegionMember, assertRegionOpen } from '../regions/regions.service.js';
import { toRideMessageDto } from '../ride-messages/ride-messages.service.js';
import { listRequestsServedByRide, notifyRequestersOfNewRide } from '../ride-requests/ride-requests.service.js';
import { fileUrl, preferencesOf, ratingSummaryOf } from '../users/users.mapper.js';
import { assertUserStillActive } from '../users/users.service.js';
import { findWaitlistRangesOfRide, findWaitlistSummaries } from '../waitlist/waitlist.service.js';
import { createRideSeriesInTransaction } from './ride-series.service.js';
import {
  countUpcomingRidesPerInterval,
  findBookingsOfUserOnRides,
  findParticipantViews,
  findRidesOfDriver,
  insertRide,
  searchUpcomingRidePriceCandidates,
  searchUpcomingRides,
  updateActiveRideOfDriver,
  type BookingRow,
  type EditedRide,
  type RideChanges,
  type RideFilter,
  type RideRow,
  type RideWithDriver,
} from './rides.repository.js';
import * as ridesRepository from './rides.repository.js';
import * as rideSeriesRepository from './ride-series.repository.js';
import type { ParticipantView } from './rides.sql.js';
import { freshLegs, legsForRoute, writeStopsAndLegs } from './seat-inventory.js';

/** A ride's row types, for other modules that hold rides read through this service. */
export type { RideRow, RideWithDriver } from './rides.repository.js';

/** The rides with their drivers, hidden or not (a report shows the ride it is about). */
export async function findRidesWithDrivers(db: Queryable, ids: readonly string[]): Promise<RideWithDriver[]> {
  return ridesRepository.findRidesWithDrivers(db, ids);
}

/** Hides a reported ride from every list (a report's resolution). */
export async function hideRide(db: Queryable, id: string, now: Date): Promise<void> {
  await ridesRepository.hideRide(db, id, now);
}

/** The user's latest bookings with their rides, for the admin console's per-user view. */
export async function findRecentBookingsOfUser(db: Queryable, userId: string, limit: number) {
  return ridesRepository.findRecentBookingsOfUser(db, userId, limit);
}

/** The rides the user drove last, for the admin console's per-user view. */
export async function findRecentRidesOfDriver(db: Queryable, driverId: string, limit: number): Promise<RideRow[]> {
  return ridesRepository.findRecentRidesOfDriver(db, driverId, limit);
}

/** Every booking the user made with its ride, for the account's data export. */
export async function findAllBookingsOfUser(db: Queryable, userId: string) {
  return ridesRepository.findAllBookingsOfUser(db, userId);
}

/** Every ride the user drove, for the account's data export. */
export async function findAllRidesOfDriver(db: Queryable, driverId: string): Promise<RideRow[]> {
  return ridesRepository.findAllRidesOfDriver(db, driverId);
}

// The rides use-cases (trips) read the ride they change, cancel it and tell its passengers, inside
// their own transactions.

/** The ride in the region, with no lock. */
export async function findRideInRegion(db: Queryable, rideId: string, region: Region): Promise<RideRow | undefined> {
  return ridesRepository.findRideInRegion(db, rideId, region);
}

/** The ride in the region with its driver. */
export async function findRideWithDriver(db: Queryable, id: string, region: Region): Promise<RideWithDriver | undefined> {
  return ridesRepository.findRideWithDriver(db, id, region);
}

/** The driver's active rides that have not departed, with the driver (a suspension, an account deletion). */
export async function findUpcomingActiveRidesOfDriver(db: Queryable, driverId: string, now: Date): Promise<RideWithDriver[]> {
  return ridesRepository.findUpcomingActiveRidesOfDriver(db, driverId, now);
}

/** The ride's pending and confirmed bookings. */
export async function findActiveBookingsOfRide(db: Queryable, rideId: string): Promise<BookingRow[]> {
  return ridesRepository.findActiveBookingsOfRide(db, rideId);
}

/** Cancels the driver's ride if it is still active; undefined when it was not. */
export async function cancelActiveRide(db: Queryable, options: { id: string; driverId: string; now: Date }): Promise<RideRow | undefined> {
  return ridesRepository.cancelActiveRide(db, options);
}

/** Completes the active rides that departed by `now` (the periodic job); returns them. */
export async function completeDepartedRides(db: Queryable, now: Date) {
  return ridesRepository.completeDepartedRides(db, now);
}

/** The weekly series, if it exists. */
export async function findRideSeries(db: Queryable, id: string) {
  return rideSeriesRepository.findRideSeries(db, id);
}

/** The series' occurrences from `fromDay` on that have not departed, with the driver (a weekly ride's cancellation). */
export async function findUpcomingOccurrencesFrom(db: Queryable, options: { seriesId: string; fromDay: string; now: Date }): Promise<RideWithDriver[]> {
  return rideSeriesRepository.findUpcomingOccurrencesFrom(db, options);
}

/** Stops the series: no occurrence is created from then on. */
export async function stopRideSeries(db: Queryable, id: string, now: Date): Promise<void> {
  await rideSeriesRepository.stopRideSeries(db, id, now);
}

/**
 * Stops every series of the driver, first of all in a suspension or an account deletion (see the
 * repository's comment on why first, and again after the user's row is locked).
 */
export async function stopRideSeriesOfDriver(db: Queryable, driverId: string, now: Date): Promise<void> {
  await rideSeriesRepository.stopRideSeriesOfDriver(db, driverId, now);
}

type RidesDeps = Pick<AppDeps, 'db' | 'clock' | 'events' | 'config' | 'regions'>;
/** What reading rides needs (other modules build ride DTOs with it). */
type RideReadDeps = Pick<AppDeps, 'db' | 'clock' | 'events' | 'regions'>;
/** Who is looking: the signed-in user's id, or null for a signed-out visitor. */
export type Viewer = { userId: string } | null;

const ACTIVE_BOOKING_STATUSES: readonly string[] = ['pending', 'confirmed'];
const isActiveBooking = (booking: Pick<BookingRow, 'status'>) => ACTIVE_BOOKING_STATUSES.includes(booking.status);

/** `cancelledBy` of a booking's DTO: there only when the booking was cancelled and it is known by whom. */
const cancelledByOf = (booking: Pick<BookingRow, 'status' | 'cancelledBy'>) =>
  booking.status === 'cancelled' && booking.cancelledBy ? { cancelledBy: booking.cancelledBy } : {};

function validationFailed(path: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', `Invalid request: ${path} ${message}`, [{ path, message }]);
}

const stopInstant = (stop: RideStopInput) => new Date(`${stop.date}T${stop.time}:00.000Z`);
const minutesBetween = (from: Date, to: Date) => Math.round((to.getTime() - from.getTime()) / 60_000);

/** A ride row to insert from a template whose stops are minutes after the departure. */
function rideAt<T extends { stopOffsetsMinutes: number[] }>(template: T, departsAt: Date) {
  const { stopOffsetsMinutes, ...ride } = template;
  return { ...ride, departsAt, stopTimes: stopOffsetsMinutes.map((minutes) => new Date(departsAt.getTime() + minutes * 60_000)) };
}

/**
 * The stops of the ride back: the same places in reverse, each reached as long before the
 * arrival as it was reached after the departure going out (the arrival estimated from the
 * distance, and never before the last stop).
 */
function reversedStops(places: PlaceIndex, route: readonly string[], offsets: readonly number[]): { places: string[]; offsets: number[] } {
  if (offsets.length === 0) return { places: [], offsets: [] };
  const lastStop = route[route.length - 2]!;
  const lastOffset = offsets[offsets.length - 1]!;
  const total = lastOffset + Math.max(1, estimatedTravelMinutes(placeDistanceMiles(places, lastStop, route[route.length - 1]!)));
  return { places: route.slice(1, -1).reverse(), offsets: offsets.map((offset) => total - offset).reverse() };
}

/** An operator's PRICE_CAP_RATIO refuses a price per seat too far above the route's suggestion (400 PRICE_ABOVE_CAP). */
function assertPriceUnderCap(deps: RidesDeps, region: Region, route: readonly string[], price: number): void {
  const miles = Math.round(milesOfLegs(deps.regions.placesOf(region), route).reduce((sum, value) => sum + value, 0) * 10) / 10;
  const issue = priceCapIssue(deps.config, price, miles);
  if (issue) throw new AppError('PRICE_ABOVE_CAP', issue, [{ path: 'body.price', message: issue }]);
}

/** Stops must be places of the caller's region (the schema checked everything else). */
function assertStopsOfRegion(region: Region, places: PlaceIndex, stops: readonly RideStopInput[]): void {
  stops.forEach((stop, index) => {
    if (!places.has(stop.place)) throw validationFailed(`body.stops.${index}.place`, `"${stop.place}" is not a place of the ${region} region`);
  });
}

export function hasDeparted(ride: Pick<RideRow, 'departsAt'>, now: Date): boolean {
  return ride.departsAt.getTime() <= now.getTime();
}

/** Creates a ride for the signed-in driver in the caller's region (spec section 5, "Post ride"). */
export async function createRide(deps: RidesDeps, driver: { id: string; email: string }, region: Region, input: CreateRide): Promise<CreatedRide> {
  const driverId = driver.id;
  const now = deps.clock.now();
  assertRegionOpen(deps.regions, region);
  assertRegionMember(deps.regions, deps.config.allowedEmailDomains, region, driver.email);
  const places = deps.regions.placesOf(region);
  if (!places.has(input.from)) throw validationFailed('body.from', `"${input.from}" is not a place of the ${region} region`);
  if (!places.has(input.to)) throw validationFailed('body.to', `"${input.to}" is not a place of the ${region} region`);
  if (input.date < now.toISOString().slice(0, 10)) throw validationFailed('body.date', 'must not be before today');
  const departsAt = new Date(`${input.date}T${input.time}:00.000Z`);
  if (!(departsAt.getTime() > now.getTime())) throw validationFailed('body.time', 'the departure must be in the future');

  assertStopsOfRegion(region, places, input.stops);
  assertPriceUnderCap(deps, region, [input.from, ...input.stops.map((stop) => stop.place), input.to], input.price);

  let returnDepartsAt: Date | undefined;
  if (input.returnTrip) returnDepartsAt = new Date(`${input.returnTrip.date}T${input.returnTrip.time}:00.000Z`);

  const base = {
    region,
    driverId,
    timezone: input.timezone,
    priceCents: Math.round(input.price * 100),
    totalSeats: input.totalSeats,
    totalSuitcases: input.totalSuitcases,
    ...freshLegs({ totalSeats: input.totalSeats, totalSuitcases: input.totalSuitcases, stopCount: input.stops.length }),
    notes: input.notes,
    createdAt: now,
  };
  // Stops as minutes after the departure: a series repeats them, the ride back passes them in reverse.
  const stopOffsets = input.stops.map((stop) => minutesBetween(departsAt, stopInstant(stop)));
  const returnStops = reversedStops(places, [input.from, ...input.stops.map((stop) => stop.place), input.to], stopOffsets);
  const outbound = {
    fromPlace: input.from,
    toPlace: input.to,
    stopPlaces: input.stops.map((stop) => stop.place),
    stopOffsetsMinutes: stopOffsets,
    pickupAddress: input.pickupAddress,
    pickupLat: input.pickupLat,
    pickupLng: input.pickupLng,
    dropoffAddress: input.dropoffAddress,
    dropoffLat: input.dropoffLat,
    dropoffLng: input.dropoffLng,
  };
  // The ride back picks up where the outbound ride drops off; both or neither are posted.
  const back = {
    fromPlace: input.to,
    toPlace: input.from,
    stopPlaces: returnStops.places,
    stopOffsetsMinutes: returnStops.offsets,
    pickupAddress: input.dropoffAddress,
    pickupLat: input.dropoffLat,
    pickupLng: input.dropoffLng,
    dropoffAddress: input.pickupAddress,
    dropoffLat: input.pickupLat,
    dropoffLng: input.pickupLng,
  };
  const { ride, returnRide, afterCommit, occurrencesCreated, returnOccurrencesCreated } = await deps.db.transaction(async (tx) => {
    // Work that belongs to posting a ride (telling matching ride requests, for example) joins
    // this transaction and hands back what to publish once it has committed.
    const afterCommit: (() => void)[] = [];
    await assertUserStillActive(tx, driverId);
    if (input.repeat) {
      // A weekly ride (docs/decisions/weekly-rides.md): a series whose first occurrence is this ride;
      // with a return trip, the ride back repeats too, on the weekdays shifted by the same days.
      const { timezone } = input;
      const firstDay = dayInTimeZone(departsAt, timezone);
      const template = { region, driverId, timezone, priceCents: base.priceCents, totalSeats: input.totalSeats, totalSuitcases: input.totalSuitcases, notes: input.notes };
      const posted = await createRideSeriesInTransaction(
        tx,
        deps,
        { ...template, ...outbound, weekdays: input.repeat.weekdays, localTime: timeInTimeZone(departsAt, timezone), firstDay, until: input.repeat.until },
        departsAt,
        now,
      );
      afterCommit.push(...posted.afterCommit);
      let returnSeries: Awaited<ReturnType<typeof createRideSeriesInTransaction>> | undefined;
      if (returnDepartsAt) {
        const returnDay = dayInTimeZone(returnDepartsAt, timezone);
        const shift = daysBetween(firstDay, returnDay);
        returnSeries = await createRideSeriesInTransaction(
          tx,
          deps,
          {
            ...template,
            ...back,
            weekdays: input.repeat.weekdays.map((weekday) => (weekday + shift) % 7),
            localTime: timeInTimeZone(returnDepartsAt, timezone),
            firstDay: returnDay,
            until: addDays(input.repeat.until, shift),
          },
          returnDepartsAt,
          now,
        );
        afterCommit.push(...returnSeries.afterCommit);
      }
      return {
        ride: posted.occurrences[0]!,
        returnRide: returnSeries?.occurrences[0],
        afterCommit,
        occurrencesCreated: posted.occurrences.length,
        returnOccurrencesCreated: returnSeries?.occurrences.length,
      };
    }
    const ride = await insertRide(tx, rideAt({ ...base, ...outbound }, departsAt));
    const returnRide = returnDepartsAt ? await insertRide(tx, rideAt({ ...base, ...back }, returnDepartsAt)) : undefined;
    afterCommit.push(await notifyRequestersOfNewRide(tx, deps, ride, now));
    if (returnRide) afterCommit.push(await notifyRequestersOfNewRide(tx, deps, returnRide, now));
    return { ride, returnRide, afterCommit, occurrencesCreated: undefined, returnOccurrencesCreated: undefined };
  });
  for (const publish of afterCommit) publish();
  const viewer = { userId: driverId };
  const posted: CreatedRide = await getRide(deps, viewer, region, ride.id);
  if (returnRide) posted.returnRide = await getRide(deps, viewer, region, returnRide.id);
  if (occurrencesCreated !== undefined) posted.occurrencesCreated = occurrencesCreated;
  if (returnOccurrencesCreated !== undefined) posted.returnOccurrencesCreated = returnOccurrencesCreated;
  return posted;
}

/** One ride as the viewer may see it; 404 when it does not exist in the caller's region. */
export async function getRide(deps: RidesDeps, viewer: Viewer, region: Region, rideId: string): Promise<Ride> {
  const found = await findRideWithDriver(deps.db, rideId, region);
  // A ride an administrator hid is gone for everyone but its driver.
  if (!found || (found.ride.hiddenAt && viewer?.userId !== found.ride.driverId)) throw notFound('Ride');
  const [dto] = await toRideDtos(deps, deps.db, viewer, [found]);
  return dto!;
}

/**
 * The open ride requests the driver's ride serves (on its route, in order, on its day), for the
 * driver only: whom to message after posting. Empty once the ride has left or was cancelled.
 */
export async function listRequestsAlongRide(deps: RidesDeps, driverId: string, region: Region, rideId: string): Promise<RideRequest[]> {
  const found = await findRideWithDriver(deps.db, rideId, region);
  if (!found) throw notFound('Ride');
  if (found.ride.driverId !== driverId) throw forbidden('Only the driver sees the requests along this ride');
  if (found.ride.status !== 'active' || hasDeparted(found.ride, deps.clock.now())) return [];
  return listRequestsServedByRide(deps, found.ride);
}

/** The filters a search and its day counts share, as the repository takes them. */
function rideFilterOf(
  deps: Pick<RidesDeps, 'regions'>,
  viewer: Viewer,
  region: Region,
  now: Date,
  query: RideSearch | RideDayCounts,
): Omit<RideFilter, 'departsFrom' | 'departsBefore'> {
  // Colleges are data (each of a region): a slug no region has is a mistake, not an empty list.
  const unknown = query.colleges?.find((college) => !deps.regions.isCollege(college));
  if (unknown) {
    const message = `"${unknown}" is not a college`;
    throw new AppError('VALIDATION_FAILED', `Invalid request: querystring.colleges ${message}`, [{ path: 'querystring.colleges', message }]);
  }
  return {
    region,
    viewerId: viewer?.userId ?? null,
    departsAfter: now,
    from: query.from,
    to: query.to,
    colleges: query.colleges,
    seats: query.seats,
    suitcases: query.suitcases,
    verifiedDrivers: query.verifiedDrivers,
  };
}

/**
 * The search of the home page: upcoming active rides of the region, soonest first, or cheapest
 * first (`sort=price`, then soonest). The price is the part searched's: without from and to that
 * is the whole ride's, which the database orders and pages; with them it is worked out here from
 * the road miles, so the soonest PRICE_SORT_CANDIDATES_MAX matching rides are ordered and paged
 * here (docs/decisions/search-filters-in-the-address.md).
 */
export async function searchRides(deps: RidesDeps, viewer: Viewer, region: Region, query: RideSearch): Promise<Ride[]> {
  const filter: RideFilter = {
    ...rideFilterOf(deps, viewer, region, deps.clock.now(), query),
    departsFrom: query.startDate ? startOfDayInTimeZone(query.startDate, query.timezone) : undefined,
    departsBefore: query.endDate ? startOfDayInTimeZone(addDays(query.endDate, 1), query.timezone) : undefined,
  };
  const page = { limit: query.limit, offset: query.offset };
  const asked = { from: query.from, to: query.to };
  let rows: RideWithDriver[];
  if (query.sort === 'price' && (query.from || query.to)) {
    const candidates = await searchUpcomingRidePriceCandidates(deps.db, filter, PRICE_SORT_CANDIDATES_MAX);
    // Stable: equal prices keep the candidates' order, soonest boarding first, then id.
    const ids = candidates
      .map((candidate) => ({ id: candidate.id, price: segmentBoundsAndPrice(candidate, deps.regions.placesOf(candidate.region), asked).price }))
      .sort((a, b) => a.price - b.price)
      .slice(page.offset, page.offset + page.limit)
      .map((candidate) => candidate.id);
    const byId = new Map((await findRidesWithDrivers(deps.db, ids)).map((row) => [row.ride.id, row]));
    rows = ids.flatMap((id) => byId.get(id) ?? []);
  } else {
    rows = await searchUpcomingRides(deps.db, filter, page, query.sort === 'price' ? 'ridePrice' : 'departure');
  }
  // Each ride shows the part of its route asked for.
  return toRideDtos(deps, deps.db, viewer, rows, { segment: asked });
}

/** Ride counts per day in the viewer's zone, with the same filters (and so the same rides) as the search. */
export async function countRidesPerDay(deps: RidesDeps, viewer: Viewer, region: Region, query: RideDayCounts): Promise<RideDayCount[]> {
  const days = Array.from({ length: query.days }, (_, index) => addDays(query.startDate, index));
  const boundaries = [...days, addDays(query.startDate, query.days)].map((day) => startOfDayInTimeZone(day, query.timezone));
  const counts = await countUpcomingRidesPerInterval(deps.db, rideFilterOf(deps, viewer, region, deps.clock.now(), query), boundaries);
  const byInterval = new Map(counts.map((row) => [row.interval, row.count]));
  return days.map((date, index) => ({ date, count: byInterval.get(index) ?? 0 }));
}

/**
 * A user's posted rides in the caller's region. The driver themself gets every ride they posted
 * (cancelled and past ones too, newest departure first) for My Rides; anyone else gets the
 * upcoming active ones, soonest first.
 */
export async function listRidesOfUser(
  deps: RidesDeps,
  viewer: { userId: string },
  region: Region,
  userId: string,
  page: { limit: number; offset: number },
): Promise<Ride[]> {
  const rows = await findRidesOfDriver(deps.db, {
    driverId: userId,
    viewerId: viewer.userId,
    region,
    everything: viewer.userId === userId,
    now: deps.clock.now(),
    ...page,
  });
  return toRideDtos(deps, deps.db, viewer, rows);
}

/**
 * The ride's changes that a driver's edit asks for, checked before anything is written
 * (docs/decisions/ride-edits.md): a departure in the future, stops of the region in order and in
 * time, a price under the operator's cap (400s).
 */
export function rideChangesOf(deps: RidesDeps, region: Region, ride: RideRow, input: UpdateRide, now: Date): RideChanges {
  const changes: RideChanges = {
    priceCents: input.price === undefined ? undefined : Math.round(input.price * 100),
    totalSeats: input.totalSeats,
    totalSuitcases: input.totalSuitcases,
    notes: input.notes,
    pickupAddress: input.pickupAddress,
    dropoffAddress: input.dropoffAddress,
  };
  if (input.date !== undefined && input.time !== undefined) {
    const departsAt = new Date(`${input.date}T${input.time}:00.000Z`);
    if (!(departsAt.getTime() > now.getTime())) throw validationFailed('body.time', 'the departure must be in the future');
    changes.departsAt = departsAt;
  }
  if (input.stops) {
    assertStopsOfRegion(region, deps.regions.placesOf(region), input.stops);
    const departure = changes.departsAt ?? ride.departsAt;
    const iso = departure.toISOString();
    const [issue] = stopIssues({ from: ride.fromPlace, to: ride.toPlace, date: iso.slice(0, 10), time: iso.slice(11, 16) }, input.stops);
    if (issue) throw validationFailed(`body.${issue.path.join('.')}`, issue.message);
  }
  if (input.price !== undefined || input.stops !== undefined) {
    const stops = input.stops ? input.stops.map((stop) => stop.place) : ride.stopPlaces;
    assertPriceUnderCap(deps, region, [ride.fromPlace, ...stops, ride.toPlace], input.price ?? ride.priceCents / 100);
  }
  return changes;
}

/**
 * The edit itself, inside the caller's transaction: one conditional UPDATE whose totals never go
 * below what active bookings hold (409 SEATS_BELOW_BOOKED), checked in the UPDATE so a concurrent
 * booking cannot slip in between; then the stops, under the lock the UPDATE took. Returns the
 * ride as it was and is, and whether the stops' places changed.
 */
export async function editRideInTransaction(
  tx: Queryable,
  edit: {
    rideId: string;
    driverId: string;
    region: Region;
    changes: RideChanges;
    stops: readonly RideStopInput[] | undefined;
    now: Date;
    /** The region's places, whose labels a refusal names. */
    places: PlaceIndex;
  },
): Promise<EditedRide & { stopsChanged: boolean }> {
  const { rideId, driverId, region, changes, now } = edit;
  const edited = await updateActiveRideOfDriver(tx, { id: rideId, driverId, now, changes });
  if (!edited) {
    const current = await findRideWithDriver(tx, rideId, region);
    if (current?.ride.status === 'cancelled') throw new AppError('RIDE_CANCELLED', 'This ride is cancelled and can no longer be edited');
    if (!current || current.ride.status !== 'active' || hasDeparted(current.ride, now)) {
      throw new AppError('RIDE_DEPARTED', 'This ride has already departed and can no longer be edited');
    }
    const heldSeats = current.ride.totalSeats - current.ride.seatsAvailable;
    const heldSuitcases = current.ride.totalSuitcases - current.ride.suitcasesAvailable;
    throw new AppError(
      'SEATS_BELOW_BOOKED',
      `Passengers hold ${heldSeats} seat(s) and ${heldSuitcases} suitcase(s) on this ride; the totals cannot go below that.`,
      { heldSeats, heldSuitcases },
    );
  }
  // The UPDATE holds the ride's lock: the bookings read for new stops are all there are.
  const stopsChanged = await restop(tx, edited, edit.stops, edit.places);
  return { ...edited, stopsChanged };
}

/**
 * The stops of an edited ride, inside the edit's transaction (which holds the ride's lock): the
 * driver's new stops, or when only the departure moved, the same stops moved with it. New places
 * reshape the legs from the active bookings (a stop added splits a leg, a stop removed joins two);
 * a stop where a passenger boards or leaves, or waits to, cannot go (409 STOP_IN_USE). Returns
 * whether the places changed.
 */
async function restop(
  tx: Queryable,
  edited: { ride: RideRow; previous: { departsAt: Date } },
  stops: readonly RideStopInput[] | undefined,
  placeIndex: PlaceIndex,
): Promise<boolean> {
  const { ride } = edited;
  const shift = ride.departsAt.getTime() - edited.previous.departsAt.getTime();
  if (stops === undefined) {
    if (shift === 0 || ride.stopPlaces.length === 0) return false;
    await writeStopsAndLegs(tx, ride.id, {
      places: ride.stopPlaces,
      times: ride.stopTimes.map((time) => new Date(time.getTime() + shift)),
      legSeats: ride.legSeats,
      legSuitcases: ride.legSuitcases,
    });
    return false;
  }
  const places = stops.map((stop) => stop.place);
  const times = stops.map(stopInstant);
  const samePlaces = places.length === ride.stopPlaces.length && places.every((place, index) => place === ride.stopPlaces[index]);
  if (samePlaces) {
    await writeStopsAndLegs(tx, ride.id, { places, times, legSeats: ride.legSeats, legSuitcases: ride.legSuitcases });
    return false;
  }
  const route = [ride.fromPlace, ...places, ride.toPlace];
  const held = await findActiveBookingsOfRide(tx, ride.id);
  const legs = legsForRoute(route, { seats: ride.totalSeats, suitcases: ride.totalSuitcases }, held);
  const onNewRoute = (range: { fromPlace: string; toPlace: string }) => {
    const first = route.indexOf(range.fromPlace);
    return first >= 0 && route.indexOf(range.toPlace) > first;
  };
  const strandedWait = (await findWaitlistRangesOfRide(tx, ride.id)).find((entry) => !onNewRoute(entry));
  if ('misplaced' in legs || strandedWait) {
    const where = 'misplaced' in legs ? legs.misplaced : strandedWait!;
    throw new AppError(
      'STOP_IN_USE',
      `A passenger ${'misplaced' in legs ? 'travels' : 'waits to travel'} from ${placeIndex.label(where.fromPlace)} to ${placeIndex.label(where.toPlace)} on this ride: those stops must stay, in that order.`,
      { from: where.fromPlace, to: where.toPlace },
    );
  }
  // Bookings are on the legs they were on; the totals did not change, so no leg can hold more than them.
  if ('overfull' in legs) throw new Error('a leg holds more than the ride has after a change of stops');
  await writeStopsAndLegs(tx, ride.id, { places, times, ...legs });
  return true;
}

/** The rides of the given ids as the viewer sees them, by id. */
export async function getRidesByIds(deps: RideReadDeps, db: Queryable, viewer: Viewer, ids: readonly string[]): Promise<Map<string, Ride>> {
  const rows = await findRidesWithDrivers(db, ids);
  const dtos = await toRideDtos(deps, db, viewer, rows);
  return new Map(dtos.map((dto) => [dto.id, dto]));
}

/**
 * One ride as a signed-in viewer sees it, when the caller already holds the ride with its driver,
 * every booking of the viewer on it (newest first) and, for a participant, its participant view,
 * as the booking path does: it saves reading them again.
 */
export async function toRideDtoOfKnownRide(
  deps: RideReadDeps,
  viewer: { userId: string },
  row: RideWithDriver,
  known: { viewerBookings: readonly BookingRow[]; participantView?: ParticipantView; segment?: AskedSegment },
): Promise<Ride> {
  const [dto] = await toRideDtos(deps, deps.db, viewer, [row], known);
  return dto!;
}

/** The part of the route a caller asks about: places of it, null for the route's own ends. */
export interface AskedSegment {
  from?: string | null | undefined;
  to?: string | null | undefined;
}

/** Road miles of each leg; zeros when a place has no coordinates (a segment's price then goes by its share of legs). */
function milesOfLegs(places: PlaceIndex, route: readonly string[]): number[] {
  try {
    return legMiles(places, route);
  } catch {
    return route.slice(1).map(() => 0);
  }
}

const isoDate = (instant: Date) => instant.toISOString().slice(0, 10);
const isoTime = (instant: Date) => instant.toISOString().slice(11, 16);
const roundMiles = (miles: number) => Math.round(miles * 10) / 10;

/**
 * The route points the segment asked for runs between (the whole ride when none, or when the
 * places asked are not on the route in order), the miles of the route's legs, and the segment's
 * price per seat: the one rule a segment's price and the search's price order share.
 */
function segmentBoundsAndPrice(ride: Pick<RideRow, 'route' | 'priceCents'>, places: PlaceIndex, asked: AskedSegment) {
  const { route } = ride;
  const miles = milesOfLegs(places, route);
  let first = asked.from ? route.indexOf(asked.from) : 0;
  let last = asked.to ? route.indexOf(asked.to) : route.length - 1;
  if (first < 0 || last <= first) {
    first = 0;
    last = route.length - 1;
  }
  return { first, last, miles, price: segmentPrice(ride.priceCents / 100, miles, first, last) };
}

/**
 * The ride's stops, legs and the segment asked for (the whole ride when none, or when the places
 * asked are not on the route in order): times, price by its share of the distance, and the room
 * left on its legs. The arrival at the destination is estimated from the last leg's distance.
 */
function routeOf(ride: RideRow, places: PlaceIndex, asked: AskedSegment) {
  const { route } = ride;
  const { first, last, miles, price } = segmentBoundsAndPrice(ride, places, asked);
  const lastPoint = ride.stopTimes.length > 0 ? ride.stopTimes[ride.stopTimes.length - 1]! : ride.departsAt;
  const arrival = new Date(lastPoint.getTime() + estimatedTravelMinutes(miles[miles.length - 1] ?? 0) * 60_000);
  const times = [ride.departsAt, ...ride.stopTimes, arrival];
  const legs = miles.map((legMilesValue, leg) => ({
    from: route[leg]!,
    to: route[leg + 1]!,
    miles: legMilesValue,
    seatsAvailable: ride.legSeats[leg] ?? 0,
    suitcasesAvailable: ride.legSuitcases[leg] ?? 0,
  }));
  const segment: RideSegment = {
    from: route[first]!,
    to: route[last]!,
    date: isoDate(times[first]!),
    time: isoTime(times[first]!),
    arrivalDate: isoDate(times[last]!),
    arrivalTime: isoTime(times[last]!),
    price,
    miles: roundMiles(miles.slice(first, last).reduce((sum, value) => sum + value, 0)),
    routeMiles: roundMiles(miles.reduce((sum, value) => sum + value, 0)),
    seatsAvailable: Math.min(...ride.legSeats.slice(first, last)),
    suitcasesAvailable: Math.min(...ride.legSuitcases.slice(first, last)),
  };
  const stops = ride.stopPlaces.map((place, index) => {
    const at = ride.stopTimes[index]!;
    return { place, date: isoDate(at), time: isoTime(at), departsAt: at.toISOString() };
  });
  return { stops, legs, segment };
}

/**
 * Builds the viewer-dependent ride DTOs with a fixed number of queries, whatever the list length.
 * `known.viewerBookings`, when given, are the viewer's bookings on these rides, newest first;
 * `known.participantView`, the participant view of the one ride given.
 */
async function toRideDtos(
  deps: RideReadDeps,
  db: Queryable,
  viewer: Viewer,
  rows: readonly RideWithDriver[],
  known: { viewerBookings?: readonly BookingRow[]; participantView?: ParticipantView; segment?: AskedSegment } = {},
): Promise<Ride[]> {
  const now = deps.clock.now();
  const rideIds = rows.map((row) => row.ride.id);

  const myBookingByRide = new Map<string, BookingRow>();
  if (viewer) {
    // Newest first: an active booking wins, else the latest one (shown as Declined when cancelled).
    for (const booking of known.viewerBookings ?? (await findBookingsOfUserOnRides(db, viewer.userId, rideIds))) {
      const current = myBookingByRide.get(booking.rideId);
      if (!current || (!isActiveBooking(current) && isActiveBooking(booking))) myBookingByRide.set(booking.rideId, booking);
    }
  }
  const isParticipant = (row: RideWithDriver) => {
    if (!viewer) return false;
    if (row.ride.driverId === viewer.userId) return true;
    const mine = myBookingByRide.get(row.ride.id);
    // People who rode together keep seeing each other and the chat after the ride (a lost item, a review).
    return mine !== undefined && (isActiveBooking(mine) || mine.status === 'completed');
  };
  const participantRideIds = rows.filter(isParticipant).map((row) => row.ride.id);

  // Independent reads: on a pool they run on two connections at once.
  const [participantViews, waitlistByRide] = await Promise.all([
    known.participantView && participantRideIds.length === 1
      ? new Map([[participantRideIds[0]!, known.participantView]])
      : findParticipantViews(db, participantRideIds, RIDE_MESSAGES_IN_RIDE),
    // The ride row counts who waits (a trigger keeps it), so the list is read only where someone does.
    findWaitlistSummaries(db, viewer?.userId ?? null, rows.filter((row) => row.ride.waitingCount > 0).map((row) => row.ride.id)),
  ]);
  const driverByRide = new Map(rows.map((row) => [row.ride.id, row.ride.driverId]));
  const passengersByRide = new Map<string, RidePassenger[]>();
  for (const { booking, passenger } of [...participantViews.values()].flatMap((view) => view.passengers)) {
    // Passengers see who rides along, not whom the driver turned away; the driver sees everything.
    const visible = driverByRide.get(booking.rideId) === viewer!.userId || booking.status !== 'cancelled' || booking.userId === viewer!.userId;
    if (!visible) continue;
    const list = passengersByRide.get(booking.rideId) ?? [];
    list.push({
      id: booking.id,
      status: booking.status,
      ...cancelledByOf(booking),
      seats: booking.seats,
      suitcases: booking.suitcases,
      from: booking.fromPlace,
      to: booking.toPlace,
      user: { id: passenger.id, name: passenger.name, avatar: fileUrl(passenger.avatarFileId), avatarColor: passenger.avatarColor },
    });
    passengersByRide.set(booking.rideId, list);
  }

  return rows.map((row) => {
    const { ride, driver } = row;
    const participant = isParticipant(row);
    const mine = myBookingByRide.get(ride.id);
    const myBooking: MyBooking | null = mine
      ? { id: mine.id, status: mine.status, ...cancelledByOf(mine), seats: mine.seats, suitcases: mine.suitcases, from: mine.fromPlace, to: mine.toPlace }
      : null;
    const iso = ride.departsAt.toISOString();
    const chat = participant ? participantViews.get(ride.id)?.chat : undefined;
    const waitlist = waitlistByRide.get(ride.id);
    return {
      id: ride.id,
      region: ride.region,
      from: ride.fromPlace,
      to: ride.toPlace,
      date: iso.slice(0, 10),
      time: iso.slice(11, 16),
      departsAt: iso,
      price: ride.priceCents / 100,
      seatsAvailable: ride.seatsAvailable,
      totalSeats: ride.totalSeats,
      suitcasesAvailable: ride.suitcasesAvailable,
      totalSuitcases: ride.totalSuitcases,
      notes: ride.notes,
      postedTime: formatPostedTime(ride.createdAt, now),
      createdAt: ride.createdAt.toISOString(),
      pickupAddress: ride.pickupAddress,
      pickupLat: ride.pickupLat,
      pickupLng: ride.pickupLng,
      dropoffAddress: ride.dropoffAddress,
      dropoffLat: ride.dropoffLat,
      dropoffLng: ride.dropoffLng,
      timezone: ride.timezone,
      status: ride.status,
      driver: viewer
        ? {
            id: driver.id,
            name: driver.name,
            info: driver.bio,
            avatar: fileUrl(driver.avatarFileId),
            avatarColor: driver.avatarColor,
            college: driver.college,
            driverVerified: driver.driverVerified,
            ...ratingSummaryOf(driver),
            preferences: preferencesOf(driver),
          }
        : null,
      messages: chat ? chat.messages.map(toRideMessageDto) : [],
      messageCount: chat?.total ?? 0,
      passengers: participant ? (passengersByRide.get(ride.id) ?? []) : [],
      canDelete: viewer?.userId === ride.driverId && ride.status === 'active' && !hasDeparted(ride, now),
      myBooking,
      editedAt: ride.editedAt ? ride.editedAt.toISOString() : null,
      waitingCount: ride.waitingCount > 0 ? (waitlist?.waitingCount ?? 0) : 0,
      myWaitlistEntry: waitlist?.mine ? { ...waitlist.mine, createdAt: waitlist.mine.createdAt.toISOString() } : null,
      seriesId: ride.seriesId,
      ...routeOf(ride, deps.regions.placesOf(ride.region), known.segment ?? {}),
    };
  });
}
