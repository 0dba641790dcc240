import type { Region } from '@carpool/shared/regions';
import { and, asc, eq, gt, gte, inArray, isNull, lt, lte, ne, not, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { rideRequests, users } from '../../db/schema.js';
import { blockedEitherWay } from '../blocks/blocks.sql.js';

export type RideRequestRow = typeof rideRequests.$inferSelect;
export type NewRideRequest = typeof rideRequests.$inferInsert;

/** The requester's columns that a ride request card shows. */
const requesterColumns = {
  id: users.id,
  name: users.name,
  avatarFileId: users.avatarFileId,
  avatarColor: users.avatarColor,
  college: users.college,
  driverVerified: users.driverVerified,
  reviewCount: users.reviewCount,
  reviewStarsTotal: users.reviewStarsTotal,
};

export interface RideRequestWithRequester {
  request: RideRequestRow;
  requester: {
    id: string;
    name: string;
    avatarFileId: string | null;
    avatarColor: string | null;
    college: string | null;
    driverVerified: boolean;
    reviewCount: number;
    reviewStarsTotal: number;
  };
}

export async function insertRideRequest(db: Queryable, values: NewRideRequest): Promise<RideRequestRow> {
  const [row] = await db.insert(rideRequests).values(values).returning();
  return row!;
}

/** Open requests of a region that have not departed yet; served by ride_requests_search_idx / _route_idx. */
function upcomingInRegion(region: Region, now: Date): SQL {
  return and(eq(rideRequests.region, region), eq(rideRequests.status, 'open'), gt(rideRequests.departsAt, now))!;
}

export async function findUpcomingRideRequests(
  db: Queryable,
  filter: {
    region: Region;
    /** The signed-in viewer: requests of people they blocked, or who blocked them, are left out. */
    viewerId: string | null;
    now: Date;
    fromPlace?: string | undefined;
    toPlace?: string | undefined;
    departsFrom?: Date | undefined;
    departsBefore?: Date | undefined;
    limit: number;
    offset: number;
  },
): Promise<RideRequestWithRequester[]> {
  const conditions: SQL[] = [
    upcomingInRegion(filter.region, filter.now),
    isNull(rideRequests.hiddenAt),
    isNull(users.suspendedAt),
    isNull(users.deletedAt),
  ];
  if (filter.viewerId) conditions.push(not(blockedEitherWay(filter.viewerId, rideRequests.userId)));
  if (filter.fromPlace) conditions.push(eq(rideRequests.fromPlace, filter.fromPlace));
  if (filter.toPlace) conditions.push(eq(rideRequests.toPlace, filter.toPlace));
  if (filter.departsFrom) conditions.push(gte(rideRequests.departsAt, filter.departsFrom));
  if (filter.departsBefore) conditions.push(lt(rideRequests.departsAt, filter.departsBefore));
  return db
    .select({ request: rideRequests, requester: requesterColumns })
    .from(rideRequests)
    .innerJoin(users, eq(users.id, rideRequests.userId))
    .where(and(...conditions))
    .orderBy(asc(rideRequests.departsAt), asc(rideRequests.id))
    .limit(filter.limit)
    .offset(filter.offset);
}

export async function findUpcomingRideRequestsOfUser(
  db: Queryable,
  filter: { userId: string; region: Region; now: Date; limit: number; offset: number },
): Promise<RideRequestWithRequester[]> {
  return db
    .select({ request: rideRequests, requester: requesterColumns })
    .from(rideRequests)
    .innerJoin(users, eq(users.id, rideRequests.userId))
    .where(and(eq(rideRequests.userId, filter.userId), upcomingInRegion(filter.region, filter.now)))
    .orderBy(asc(rideRequests.departsAt), asc(rideRequests.id))
    .limit(filter.limit)
    .offset(filter.offset);
}

export async function findRideRequestById(db: Queryable, id: string): Promise<RideRequestRow | undefined> {
  const [row] = await db.select().from(rideRequests).where(eq(rideRequests.id, id)).limit(1);
  return row;
}

export async function deleteRideRequestById(db: Queryable, id: string): Promise<void> {
  await db.delete(rideRequests).where(eq(rideRequests.id, id));
}

/** Open, upcoming requests on one route departing within [departsFrom, departsBefore), except one user's. */
export async function findUpcomingRideRequestsOnRoute(
  db: Queryable,
  filter: {
    region: Region;
    /** The ride's route: requests from one of its places to a later one. */
    route: readonly string[];
    now: Date;
    departsFrom: Date;
    departsBefore: Date;
    excludeUserId: string;
  },
): Promise<RideRequestWithRequester[]> {
  return db
    .select({ request: rideRequests, requester: requesterColumns })
    .from(rideRequests)
    .innerJoin(users, eq(users.id, rideRequests.userId))
    .where(
      and(
        upcomingInRegion(filter.region, filter.now),
        isNull(users.suspendedAt),
        isNull(users.deletedAt),
        inArray(rideRequests.fromPlace, [...filter.route.slice(0, -1)]),
        inArray(rideRequests.toPlace, [...filter.route.slice(1)]),
        gte(rideRequests.departsAt, filter.departsFrom),
        lt(rideRequests.departsAt, filter.departsBefore),
        ne(rideRequests.userId, filter.excludeUserId),
        isNull(rideRequests.hiddenAt),
        // The driver is excludeUserId: nobody hears of a ride by someone they blocked or who blocked them.
        not(blockedEitherWay(filter.excludeUserId, rideRequests.userId)),
      ),
    )
    .orderBy(asc(rideRequests.departsAt), asc(rideRequests.id));
}

export async function hideRideRequest(db: Queryable, id: string, now: Date): Promise<void> {
  await db.update(rideRequests).set({ hiddenAt: now }).where(eq(rideRequests.id, id));
}

/** A deleted account's open requests go: nobody can answer them any more. */
export async function deleteRideRequestsOfUser(db: Queryable, userId: string): Promise<void> {
  await db.delete(rideRequests).where(eq(rideRequests.userId, userId));
}

export async function findAllRideRequestsOfUser(db: Queryable, userId: string): Promise<RideRequestRow[]> {
  return db.select().from(rideRequests).where(eq(rideRequests.userId, userId)).orderBy(asc(rideRequests.createdAt));
}

/** Open requests whose departure has passed become expired; returns how many (the periodic job). */
export async function expirePassedRideRequests(db: Queryable, now: Date): Promise<number> {
  const rows = await db
    .update(rideRequests)
    .set({ status: 'expired' })
    .where(and(eq(rideRequests.status, 'open'), lte(rideRequests.departsAt, now)))
    .returning({ id: rideRequests.id });
  return rows.length;
}
