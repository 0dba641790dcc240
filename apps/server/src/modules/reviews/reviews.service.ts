import {
  PENDING_REVIEWS_MAX,
  type PendingReview,
  type Review,
  type ReviewType,
  type SubmitReviewInput,
  type UserReviews,
} from '@carpool/shared/schemas/reviews';
import type { Db, Queryable } from '../../db/client.js';
import type { EventBus } from '../../lib/events.js';
import { createNotification } from '../notifications/notifications.service.js';
import { AppError, forbidden, notFound } from '../../lib/app-error.js';
import { fileUrl } from '../users/users.mapper.js';
import { assertUserStillActive, findUserById, keyShareUserIfNotDeleted } from '../users/users.service.js';
import {
  countReviewsReceived,
  findAllReviewsOf,
  findBookingParties,
  findReviewWithPeople,
  insertReviewOnce,
  listReviewsOfRide,
  listReviewsReceived,
  listUnreviewedCompletedBookings,
  rideExists,
  type ReviewWithPeopleRow,
} from './reviews.repository.js';

function toPerson(person: { id: string; name: string; avatarFileId: string | null }) {
  return { id: person.id, name: person.name, avatar: fileUrl(person.avatarFileId) };
}

function toReviewDto(row: ReviewWithPeopleRow): Review {
  return {
    id: row.review.id,
    bookingId: row.review.bookingId,
    rideId: row.review.rideId,
    reviewType: row.review.reviewType,
    stars: row.review.stars,
    comment: row.review.comment,
    createdAt: row.review.createdAt.toISOString(),
    reviewer: toPerson(row.reviewer),
    reviewee: toPerson(row.reviewee),
  };
}

/**
 * Stores a review. Only the two people of a completed booking may review each other: its
 * passenger reviews the driver (`driver`), the ride's driver reviews the passenger
 * (`passenger`), once per booking and kind.
 */
export async function submitReview(deps: { db: Db; events: EventBus }, reviewerId: string, input: SubmitReviewInput): Promise<Review> {
  const { db } = deps;
  const booking = await findBookingParties(db, input.bookingId);
  const isPassenger = booking?.passengerId === reviewerId;
  const isDriver = booking?.driverId === reviewerId;
  // Someone outside the booking learns nothing about it, not even that it exists.
  if (!booking || (!isPassenger && !isDriver)) throw notFound('Booking');

  if (input.reviewType === 'driver' && !isPassenger) {
    throw forbidden('Only the passenger of this booking can review its driver');
  }
  if (input.reviewType === 'passenger' && !isDriver) {
    throw forbidden('Only the driver of this ride can review its passenger');
  }
  if (booking.status !== 'completed') {
    throw new AppError('CONFLICT', 'You can leave a review once the ride is completed');
  }

  const revieweeId = input.reviewType === 'driver' ? booking.driverId : booking.passengerId;
  // The review and the reviewee's notification commit together.
  const { inserted, push } = await db.transaction(async (tx) => {
    // A reviewer suspended or deleted since the request was authenticated is refused, as their
    // authentication now would be; a deleted reviewee keeps the review (shown as "Deleted user"'s)
    // but gets no notification, which would outlive their account.
    await assertUserStillActive(tx, reviewerId);
    const revieweeExists = await keyShareUserIfNotDeleted(tx, revieweeId);
    const inserted = await insertReviewOnce(tx, {
      bookingId: booking.bookingId,
      rideId: booking.rideId,
      reviewerId,
      revieweeId,
      reviewType: input.reviewType,
      stars: input.stars,
      comment: input.comment,
    });
    if (!inserted) throw new AppError('ALREADY_REVIEWED', 'You have already reviewed this ride');
    if (!revieweeExists) return { inserted, push: () => {} };
    const push = await createNotification(tx, deps.events, {
      userId: revieweeId,
      kind: 'review_received',
      title: `You received a ${input.stars}-star review`,
      body: input.comment.length <= 100 ? input.comment : `${input.comment.slice(0, 100)}...`,
      rideId: booking.rideId,
      otherUserId: reviewerId,
    });
    return { inserted, push };
  });
  push();
  const stored = await findReviewWithPeople(db, inserted.id);
  return toReviewDto(stored!);
}

export async function listPendingReviews(db: Queryable, userId: string, reviewType: ReviewType): Promise<PendingReview[]> {
  const rows = await listUnreviewedCompletedBookings(db, userId, reviewType, PENDING_REVIEWS_MAX);
  return rows.map((row) => {
    const iso = row.departsAt.toISOString();
    return {
      bookingId: row.bookingId,
      rideId: row.rideId,
      reviewType,
      from: row.fromPlace,
      to: row.toPlace,
      date: iso.slice(0, 10),
      time: iso.slice(11, 16),
      departsAt: iso,
      reviewee: toPerson(row.other),
    };
  });
}

/** The reviews a user received, newest first; NOT_FOUND for a user that does not exist. */
export async function listReviewsOfUser(
  db: Queryable,
  userId: string,
  query: { type: ReviewType; limit: number; offset: number },
): Promise<UserReviews> {
  if (!(await findUserById(db, userId))) throw notFound('User');
  const [rows, total] = await Promise.all([
    listReviewsReceived(db, userId, query.type, query),
    countReviewsReceived(db, userId, query.type),
  ]);
  return { reviews: rows.map(toReviewDto), total };
}

export async function listRideReviews(db: Queryable, rideId: string): Promise<Review[]> {
  if (!(await rideExists(db, rideId))) throw notFound('Ride');
  return (await listReviewsOfRide(db, rideId)).map(toReviewDto);
}

/** Reviews the user gave and received (the data export). */
export async function reviewsForExport(db: Queryable, userId: string): Promise<{ given: Review[]; received: Review[] }> {
  const rows = (await findAllReviewsOf(db, userId)).map(toReviewDto);
  return { given: rows.filter((row) => row.reviewer.id === userId), received: rows.filter((row) => row.reviewee.id === userId) };
}
