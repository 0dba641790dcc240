import { IdParams, UserIdParams } from '@carpool/shared/schemas/common';
import { PendingReviewsDto, ReviewDto, ReviewsRideParams, RideReviewsDto, SubmitReviewInput, UserReviewsDto, UserReviewsQuery } from '@carpool/shared/schemas/reviews';
import type { ReviewType } from '@carpool/shared/schemas/reviews';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { forbidden } from '../../lib/app-error.js';
import { authOf } from '../../plugins/auth.js';
import { listPendingReviews, listReviewsOfUser, listRideReviews, submitReview } from './reviews.service.js';

export async function reviewsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const pendingRoutes: Array<{ path: string; reviewType: ReviewType; operationId: string; summary: string }> = [
    {
      path: '/api/reviews/getPassengerReviews/:id',
      reviewType: 'passenger',
      operationId: 'listPendingPassengerReviews',
      summary: 'Pending reviews of the caller as a driver: passengers of completed bookings not reviewed yet',
    },
    {
      path: '/api/reviews/getDriverReviews/:id',
      reviewType: 'driver',
      operationId: 'listPendingDriverReviews',
      summary: 'Pending reviews of the caller as a passenger: drivers of completed bookings not reviewed yet',
    },
  ];
  for (const { path, reviewType, operationId, summary } of pendingRoutes) {
    r.get(
      path,
      {
        schema: {
          tags: ['reviews'],
          operationId,
          errors: ['FORBIDDEN'],
          summary,
          description: `:id must be the caller's own user id (403 otherwise). At most 100 items, newest ride first.`,
          params: IdParams,
          response: { 200: PendingReviewsDto },
        },
        onRequest: app.requireAuth,
      },
      async (request) => {
        const { user } = authOf(request);
        if (request.params.id !== user.id) throw forbidden('You can only read your own pending reviews');
        return listPendingReviews(app.deps.db, user.id, reviewType);
      },
    );
  }

  r.post(
    '/api/reviews/submit',
    {
      schema: { operationId: 'submitReview', errors: ['NOT_FOUND', 'FORBIDDEN', 'CONFLICT', 'ALREADY_REVIEWED'], tags: ['reviews'], summary: 'Review the other person of a completed booking', body: SubmitReviewInput, response: { 201: ReviewDto } },
      onRequest: app.requireAuth,
    },
    async (request, reply) => {
      const review = await submitReview(app.deps, authOf(request).user.id, request.body);
      return reply.status(201).send(review);
    },
  );

  r.get(
    '/api/reviews/:rideId',
    {
      schema: {
        operationId: 'listRideReviews',
        errors: ['NOT_FOUND'],
        tags: ['reviews'],
        summary: 'Reviews written for a ride, newest first (visible to any signed-in user, like profile reviews)',
        params: ReviewsRideParams,
        response: { 200: RideReviewsDto },
      },
      onRequest: app.requireAuth,
    },
    async (request) => listRideReviews(app.deps.db, request.params.rideId),
  );

  // A profile's reviews, under the user's path: the reviews module answers it (it reads the reviews, and users sit below it).
  r.get(
    '/api/users/:userId/reviews',
    {
      schema: {
        operationId: 'listReviewsOfUser',
        errors: ['NOT_FOUND'],
        tags: ['users'],
        summary: 'Reviews a user received as a driver or as a passenger, newest first (limit 1..100, default 20)',
        params: UserIdParams,
        querystring: UserReviewsQuery,
        response: { 200: UserReviewsDto },
      },
      onRequest: app.requireAuth,
    },
    async (request) => listReviewsOfUser(app.deps.db, request.params.userId, request.query),
  );
}
