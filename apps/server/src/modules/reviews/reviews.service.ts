import {
  PENDING_REVIEWS_MAX,
  type PendingReview,
  type Review,
  type ReviewType,
  type SubmitReviewInput,
  type UserReviews,
} from '@carpool/shared/schemas/reviews';
import type { UserStats } from '@carpool/shared/schemas/users';
import type { Queryable } from '../../db/client.js';
import { AppError, forbidden, notFound } from '../../lib/app-error.js';
import { fileUrl } from '../users/users.mapper.js';
import {
  countReviewsReceived,
  findBookingParties,
  findReviewWithPeople,
  insertReviewOnce,
  listReviewsOfRide,
  listReviewsReceived,
  listUnreviewedCompletedBookings,
  reviewTotalsOf,
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
export async function submitReview(db: Queryable, reviewerId: string, input: SubmitReviewInput): Promise<Review> {
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

  const inserted = await insertReviewOnce(db, {
    bookingId: booking.bookingId,
    rideId: booking.rideId,
    reviewerId,
    revieweeId: input.reviewType === 'driver' ? booking.driverId : booking.passengerId,
    reviewType: input.reviewType,
    stars: input.stars,
    comment: input.comment,
  });
  if (!inserted) throw new AppError('ALREADY_REVIEWED', 'You have already reviewed this ride');
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

export async function listReviewsOfUser(
  db: Queryable,
  userId: string,
  query: { type: ReviewType; limit: number; offset: number },
): Promise<UserReviews> {
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

/** The review half of the profile stats: reviews received and their mean to 2 decimals. */
export async function reviewStatsOf(db: Queryable, userId: string): Promise<Pick<UserStats, 'reviewCount' | 'averageRating'>> {
  const totals = await reviewTotalsOf(db, userId);
  return {
    reviewCount: totals.count,
    averageRating: totals.average === null ? 0 : Math.round(totals.average * 100) / 100,
  };
}
