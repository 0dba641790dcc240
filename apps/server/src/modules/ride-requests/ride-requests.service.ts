import type { Region } from '@carpool/shared/regions';
import type {
  CreateRideRequest,
  RideRequest,
  RideRequestSearchQuery,
} from '@carpool/shared/schemas/ride-requests';
import { addDays, dayInTimeZone, startOfDayInTimeZone } from '@carpool/shared/time-zones';
import type { AppDeps } from '../../app-deps.js';
import { assertRegionMember, assertRegionOpen } from '../regions/regions.service.js';
import type { Queryable } from '../../db/client.js';
import type { rides } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { createNotification } from '../notifications/notifications.service.js';
import { assertUserStillActive, type UserRow } from '../users/users.service.js';
import { toRideRequestDto } from './ride-requests.mapper.js';
import {
  deleteRideRequestById,
  findUpcomingRideRequests,
  findUpcomingRideRequestsOfUser,
  findUpcomingRideRequestsOnRoute,
  insertRideRequest,
  type RideRequestRow,
  type RideRequestWithRequester,
} from './ride-requests.repository.js';
import * as rideRequestsRepository from './ride-requests.repository.js';

/** A ride request by id, hidden or not (a report shows the request it is about). */
export async function findRideRequestById(db: Queryable, id: string) {
  return rideRequestsRepository.findRideRequestById(db, id);
}

/** Hides a reported request from every list (a report's resolution). */
export async function hideRideRequest(db: Queryable, id: string, now: Date): Promise<void> {
  await rideRequestsRepository.hideRideRequest(db, id, now);
}

/** Deletes the user's requests, inside the account deletion's transaction. */
export async function deleteRideRequestsOfUser(db: Queryable, userId: string): Promise<void> {
  await rideRequestsRepository.deleteRideRequestsOfUser(db, userId);
}

/** Every request the user made, oldest first, for the account's data export. */
export async function findAllRideRequestsOfUser(db: Queryable, userId: string) {
  return rideRequestsRepository.findAllRideRequestsOfUser(db, userId);
}

/** Expires the open requests whose time has passed (the periodic job); returns how many. */
export async function expirePassedRideRequests(db: Queryable, now: Date): Promise<number> {
  return rideRequestsRepository.expirePassedRideRequests(db, now);
}

type RideRequestDeps = Pick<AppDeps, 'db' | 'clock' | 'regions' | 'config'>;

const DAY_MS = 86_400_000;

/** A rule of the form that only the server can check (it knows the region and the time). */
function invalidField(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', `Invalid request: body.${field} ${message}`, [
    { path: `body.${field}`, message },
  ]);
}

export async function createRideRequest(
  deps: RideRequestDeps,
  caller: { user: UserRow; region: Region },
  input: CreateRideRequest,
): Promise<RideRequest> {
  const { region, user } = caller;
  assertRegionOpen(deps.regions, region);
  assertRegionMember(deps.regions, deps.config.allowedEmailDomains, region, user.email);
  const places = deps.regions.placesOf(region);
  if (!places.has(input.from)) throw invalidField('from', 'is not a place of this region');
  if (!places.has(input.to)) throw invalidField('to', 'is not a place of this region');
  if (input.from === input.to) throw invalidField('to', 'must differ from the departure place');
  const now = deps.clock.now();
  const departsAt = new Date(`${input.date}T${input.time}:00.000Z`);
  if (departsAt.getTime() <= now.getTime()) throw invalidField('time', 'must be in the future');

  const request = await deps.db.transaction(async (tx) => {
    await assertUserStillActive(tx, user.id);
    return insertRideRequest(tx, {
      region,
      userId: user.id,
      fromPlace: input.from,
      toPlace: input.to,
      departsAt,
      timezone: input.timezone,
      seatsNeeded: input.seatsNeeded,
      suitcasesNeeded: input.suitcasesNeeded,
      notes: input.notes,
      preferredPickupAddress: input.preferredPickupAddress,
      preferredPickupLat: input.preferredPickupLat ?? null,
      preferredPickupLng: input.preferredPickupLng ?? null,
      preferredDropoffAddress: input.preferredDropoffAddress,
      preferredDropoffLat: input.preferredDropoffLat ?? null,
      preferredDropoffLng: input.preferredDropoffLng ?? null,
      // The business clock, so that "posted 5 minutes ago" agrees with the rest of the server's time.
      createdAt: now,
    });
  });
  return toRideRequestDto({ request, requester: user }, user.id, now);
}

/** The region's open, upcoming requests, soonest first; `date` is the viewer's local day. */
export async function searchRideRequests(
  deps: RideRequestDeps,
  caller: { viewerId: string | null; region: Region },
  query: RideRequestSearchQuery,
): Promise<RideRequest[]> {
  const now = deps.clock.now();
  const timeZone = query.timezone ?? 'UTC';
  const rows = await findUpcomingRideRequests(deps.db, {
    region: caller.region,
    viewerId: caller.viewerId,
    now,
    fromPlace: query.from,
    toPlace: query.to,
    departsFrom: query.date ? startOfDayInTimeZone(query.date, timeZone) : undefined,
    departsBefore: query.date ? startOfDayInTimeZone(addDays(query.date, 1), timeZone) : undefined,
    limit: query.limit,
    offset: query.offset,
  });
  return rows.map((row) => toRideRequestDto(row, caller.viewerId, now));
}

export async function listOwnRideRequests(
  deps: RideRequestDeps,
  caller: { userId: string; region: Region },
  paging: { limit: number; offset: number },
): Promise<RideRequest[]> {
  const now = deps.clock.now();
  const rows = await findUpcomingRideRequestsOfUser(deps.db, { ...caller, now, ...paging });
  return rows.map((row) => toRideRequestDto(row, caller.userId, now));
}

/**
 * Only the owner deletes. A request of another region, or none at all, is 404; a request the
 * caller can see in their region but does not own is 403 (see the ride-request-deletion decision).
 */
export async function deleteRideRequest(
  deps: RideRequestDeps,
  caller: { userId: string; region: Region },
  id: string,
): Promise<void> {
  const request = await findRideRequestById(deps.db, id);
  if (!request || request.region !== caller.region) throw notFound('Ride request');
  if (request.userId !== caller.userId) throw new AppError('FORBIDDEN', 'Only the passenger who posted this ride request can delete it');
  await deleteRideRequestById(deps.db, id);
}

type NewRide = Pick<typeof rides.$inferSelect, 'id' | 'region' | 'driverId' | 'fromPlace' | 'toPlace' | 'departsAt' | 'route' | 'stopTimes'>;

/** When the ride leaves the request's departure place (its own departure, or a stop's time); null when it does not serve the request's from -> to. */
function boardingFor(ride: NewRide, request: Pick<RideRequestRow, 'fromPlace' | 'toPlace'>): Date | null {
  const first = ride.route.indexOf(request.fromPlace);
  const last = ride.route.indexOf(request.toPlace);
  if (first < 0 || last <= first) return null;
  return first === 0 ? ride.departsAt : ride.stopTimes[first - 1]!;
}

/** Whether a ride departs on the request's local day, or the day before or after, in the request's zone. */
function rideFitsRequestDay(boardsAt: Date, request: RideRequestRow): boolean {
  const requestDay = dayInTimeZone(request.departsAt, request.timezone);
  const rideDay = dayInTimeZone(boardsAt, request.timezone);
  const apart = Math.abs(Date.parse(`${rideDay}T00:00:00Z`) - Date.parse(`${requestDay}T00:00:00Z`)) / DAY_MS;
  return apart <= 1;
}

function describeDeparture(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(instant);
}

/**
 * The open, upcoming requests a ride serves, soonest first: the ride passes the request's from and
 * then its to (as a segment when either is a stop), leaving the request's from on its local day
 * or the day next to it. Requests of people the driver blocked, or who blocked the driver, and of
 * suspended or deleted accounts are left out.
 */
async function requestsServedBy(db: Queryable, ride: NewRide, now: Date): Promise<(RideRequestWithRequester & { boardsAt: Date })[]> {
  // A local day apart in any zone is less than three days apart in absolute time.
  const candidates = await findUpcomingRideRequestsOnRoute(db, {
    region: ride.region,
    route: ride.route,
    now,
    departsFrom: new Date(ride.departsAt.getTime() - 3 * DAY_MS),
    departsBefore: new Date(ride.departsAt.getTime() + 3 * DAY_MS),
    excludeUserId: ride.driverId,
  });
  const served = [];
  for (const candidate of candidates) {
    const boardsAt = boardingFor(ride, candidate.request);
    if (boardsAt && rideFitsRequestDay(boardsAt, candidate.request)) served.push({ ...candidate, boardsAt });
  }
  return served;
}

/**
 * For the driver after posting (or any time before departure): the open requests the ride serves,
 * as the alerts match them, so they can message the students who asked ("3 students want
 * Binghamton -> New York City on Friday").
 */
export async function listRequestsServedByRide(deps: RideRequestDeps, ride: NewRide): Promise<RideRequest[]> {
  const now = deps.clock.now();
  const served = await requestsServedBy(deps.db, ride, now);
  return served.map((row) => toRideRequestDto(row, ride.driverId, now));
}

/**
 * Tells every passenger with an open, upcoming request on the new ride's route (same region, same
 * direction, departing on the request's local day or the day next to it) that the ride exists.
 * Runs inside the ride-creation transaction; call the returned function after commit to push the
 * notifications. A passenger with several matching requests hears about the ride once, and the
 * dedupe key makes a repeated call harmless.
 */
export async function notifyRequestersOfNewRide(
  tx: Queryable,
  deps: Pick<AppDeps, 'events' | 'regions'>,
  ride: NewRide,
  now: Date,
): Promise<() => void> {
  const places = deps.regions.placesOf(ride.region);
  const firstMatchPerRequester = new Map<string, { request: RideRequestRow; boardsAt: Date }>();
  for (const match of await requestsServedBy(tx, ride, now)) {
    if (!firstMatchPerRequester.has(match.request.userId)) firstMatchPerRequester.set(match.request.userId, match);
  }

  const pushes: Array<() => void> = [];
  for (const { request, boardsAt } of firstMatchPerRequester.values()) {
    const whole = request.fromPlace === ride.fromPlace && request.toPlace === ride.toPlace;
    const posted = whole
      ? `A driver posted a ride from ${places.label(ride.fromPlace)} to ${places.label(ride.toPlace)} departing ${describeDeparture(boardsAt, request.timezone)}.`
      : `A driver's ride from ${places.label(ride.fromPlace)} to ${places.label(ride.toPlace)} passes ${places.label(request.fromPlace)} ${describeDeparture(boardsAt, request.timezone)} on its way to ${places.label(request.toPlace)}.`;
    pushes.push(
      await createNotification(tx, deps.events, {
        userId: request.userId,
        kind: 'ride_request_match',
        title: `A ride matches your request from ${places.label(request.fromPlace)} to ${places.label(request.toPlace)}`,
        body: `${posted} Open it to book a seat or message the driver.`,
        rideId: ride.id,
        otherUserId: ride.driverId,
        dedupeKey: `ride_request_match:${request.id}:${ride.id}`,
      }),
    );
  }
  return () => pushes.forEach((push) => push());
}
