import { and, asc, count, desc, eq, isNull, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ReviewType } from '@carpool/shared/schemas/reviews';
import type { Queryable } from '../../db/client.js';
import { bookings, reviews, rides, users } from '../../db/schema.js';

export type ReviewRow = typeof reviews.$inferSelect;

const reviewer = alias(users, 'reviewer');
const reviewee = alias(users, 'reviewee');

const reviewWithPeople = {
  review: reviews,
  reviewer: { id: reviewer.id, name: reviewer.name, avatarFileId: reviewer.avatarFileId },
  reviewee: { id: reviewee.id, name: reviewee.name, avatarFileId: reviewee.avatarFileId },
};

export type ReviewWithPeopleRow = {
  review: ReviewRow;
  reviewer: { id: string; name: string; avatarFileId: string | null };
  reviewee: { id: string; name: string; avatarFileId: string | null };
};

/** The two people a booking joins: its passenger and the ride's driver. */
export async function findBookingParties(db: Queryable, bookingId: string) {
  const [row] = await db
    .select({
      bookingId: bookings.id,
      status: bookings.status,
      passengerId: bookings.userId,
      rideId: rides.id,
      driverId: rides.driverId,
    })
    .from(bookings)
    .innerJoin(rides, eq(rides.id, bookings.rideId))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  return row;
}

/** Inserts the review; undefined when this booking already has a review of this kind. */
export async function insertReviewOnce(
  db: Queryable,
  row: Omit<typeof reviews.$inferInsert, 'id' | 'createdAt'>,
): Promise<ReviewRow | undefined> {
  const [inserted] = await db
    .insert(reviews)
    .values(row)
    .onConflictDoNothing({ target: [reviews.bookingId, reviews.reviewType] })
    .returning();
  return inserted;
}

export async function findReviewWithPeople(db: Queryable, id: string): Promise<ReviewWithPeopleRow | undefined> {
  const [row] = await db
    .select(reviewWithPeople)
    .from(reviews)
    .innerJoin(reviewer, eq(reviewer.id, reviews.reviewerId))
    .innerJoin(reviewee, eq(reviewee.id, reviews.revieweeId))
    .where(eq(reviews.id, id))
    .limit(1);
  return row;
}

export async function listReviewsReceived(
  db: Queryable,
  userId: string,
  reviewType: ReviewType,
  page: { limit: number; offset: number },
): Promise<ReviewWithPeopleRow[]> {
  return db
    .select(reviewWithPeople)
    .from(reviews)
    .innerJoin(reviewer, eq(reviewer.id, reviews.reviewerId))
    .innerJoin(reviewee, eq(reviewee.id, reviews.revieweeId))
    .where(and(eq(reviews.revieweeId, userId), eq(reviews.reviewType, reviewType)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countReviewsReceived(db: Queryable, userId: string, reviewType: ReviewType): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(reviews)
    .where(and(eq(reviews.revieweeId, userId), eq(reviews.reviewType, reviewType)));
  return row?.n ?? 0;
}

export async function listReviewsOfRide(db: Queryable, rideId: string): Promise<ReviewWithPeopleRow[]> {
  return db
    .select(reviewWithPeople)
    .from(reviews)
    .innerJoin(reviewer, eq(reviewer.id, reviews.reviewerId))
    .innerJoin(reviewee, eq(reviewee.id, reviews.revieweeId))
    .where(eq(reviews.rideId, rideId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
}

export async function rideExists(db: Queryable, rideId: string): Promise<boolean> {
  const [row] = await db.select({ id: rides.id }).from(rides).where(eq(rides.id, rideId)).limit(1);
  return row !== undefined;
}

/**
 * Completed bookings the user has not reviewed yet, in one direction: as the passenger reviewing
 * the driver (`driver`), or as the driver reviewing passengers (`passenger`).
 */
export async function listUnreviewedCompletedBookings(
  db: Queryable,
  userId: string,
  reviewType: ReviewType,
  limit: number,
) {
  const other = alias(users, 'other');
  const asPassenger = reviewType === 'driver';
  return db
    .select({
      bookingId: bookings.id,
      rideId: rides.id,
      fromPlace: rides.fromPlace,
      toPlace: rides.toPlace,
      departsAt: rides.departsAt,
      other: { id: other.id, name: other.name, avatarFileId: other.avatarFileId },
    })
    .from(bookings)
    .innerJoin(rides, eq(rides.id, bookings.rideId))
    .innerJoin(other, eq(other.id, asPassenger ? rides.driverId : bookings.userId))
    .leftJoin(reviews, and(eq(reviews.bookingId, bookings.id), eq(reviews.reviewType, reviewType)))
    .where(
      and(
        eq(bookings.status, 'completed'),
        eq(asPassenger ? bookings.userId : rides.driverId, userId),
        isNull(reviews.id),
      ),
    )
    .orderBy(desc(rides.departsAt), desc(bookings.id))
    .limit(limit);
}

/** Every review a user gave or received, with both people, oldest first (the data export). */
export async function findAllReviewsOf(db: Queryable, userId: string): Promise<ReviewWithPeopleRow[]> {
  return db
    .select(reviewWithPeople)
    .from(reviews)
    .innerJoin(reviewer, eq(reviewer.id, reviews.reviewerId))
    .innerJoin(reviewee, eq(reviewee.id, reviews.revieweeId))
    .where(or(eq(reviews.reviewerId, userId), eq(reviews.revieweeId, userId)))
    .orderBy(asc(reviews.createdAt));
}
