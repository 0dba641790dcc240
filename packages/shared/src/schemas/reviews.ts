import { z } from 'zod';
import { MAX_STARS, MIN_STARS, REVIEW_COMMENT_MAX_CHARS } from '../constants.js';
import { pagingQuery } from './common.js';

/** `driver`: the passenger reviews the ride's driver; `passenger`: the driver reviews a passenger. */
const REVIEW_TYPES = ['driver', 'passenger'] as const;
const ReviewTypeSchema = z.enum(REVIEW_TYPES);
export type ReviewType = z.infer<typeof ReviewTypeSchema>;

const ReviewStarsSchema = z.number().int().min(MIN_STARS).max(MAX_STARS);

export const SubmitReviewInput = z.object({
  bookingId: z.uuid(),
  stars: ReviewStarsSchema,
  comment: z.string().trim().min(1).max(REVIEW_COMMENT_MAX_CHARS),
  reviewType: ReviewTypeSchema,
});
export type SubmitReviewInput = z.infer<typeof SubmitReviewInput>;

/** The few user fields a review shows next to a name. */
const ReviewPersonDto = z.object({
  id: z.uuid(),
  name: z.string(),
  avatar: z.string().nullable(),
});

export const ReviewDto = z.object({
  id: z.uuid(),
  bookingId: z.uuid(),
  rideId: z.uuid(),
  reviewType: ReviewTypeSchema,
  stars: ReviewStarsSchema,
  comment: z.string(),
  createdAt: z.iso.datetime(),
  reviewer: ReviewPersonDto,
  reviewee: ReviewPersonDto,
});
export type Review = z.infer<typeof ReviewDto>;

const REVIEWS_PAGE_DEFAULT = 20;
const REVIEWS_PAGE_MAX = 100;

export const UserReviewsQuery = pagingQuery(REVIEWS_PAGE_DEFAULT, REVIEWS_PAGE_MAX).extend({ type: ReviewTypeSchema });
export type UserReviewsQuery = z.infer<typeof UserReviewsQuery>;

/** One page of the reviews a user received as a driver or as a passenger; total counts every page. */
export const UserReviewsDto = z.object({ reviews: z.array(ReviewDto), total: z.number().int() });
export type UserReviews = z.infer<typeof UserReviewsDto>;

export const RideReviewsDto = z.array(ReviewDto);

/** A completed booking the caller has not reviewed yet; reviewType is the kind to submit. */
const PendingReviewDto = z.object({
  bookingId: z.uuid(),
  rideId: z.uuid(),
  reviewType: ReviewTypeSchema,
  from: z.string(),
  to: z.string(),
  /** UTC yyyy-mm-dd and HH:MM, as rides carry them. */
  date: z.string(),
  time: z.string(),
  departsAt: z.iso.datetime(),
  /** The person to review: the driver (reviewType driver) or the passenger (reviewType passenger). */
  reviewee: ReviewPersonDto,
});
export type PendingReview = z.infer<typeof PendingReviewDto>;

export const PendingReviewsDto = z.array(PendingReviewDto);

/** At most this many pending reviews per list; the oldest beyond it wait for the next read. */
export const PENDING_REVIEWS_MAX = 100;

export const ReviewsRideParams = z.object({ rideId: z.uuid() });
