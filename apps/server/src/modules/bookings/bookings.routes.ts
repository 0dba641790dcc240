import {
  BookingDto,
  BookingListDto,
  BookRideInput,
  BookingsOfRideParams,
  UserBookingsQuery,
} from '@carpool/shared/schemas/bookings';
import { UserIdParams } from '@carpool/shared/schemas/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/auth.js';
import { bookRide, listBookingsOfRide, listBookingsOfUser } from './bookings.service.js';

export async function bookingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/bookings/user/:userId',
    {
      schema: {
        operationId: 'listBookingsOfUser',
        errors: ['FORBIDDEN'],
        tags: ['bookings'],
        summary: "The caller's own bookings in the region, newest first (anyone else's: 403); limit 1..100 (default 50)",
        params: UserIdParams,
        querystring: UserBookingsQuery,
        response: { 200: BookingListDto },
      },
      onRequest: app.requireAuth,
    },
    async (request) => listBookingsOfUser(app.deps, authOf(request).user.id, request.region, request.params.userId, request.query),
  );

  r.get(
    '/api/bookings/ride/:rideId',
    {
      schema: {
        operationId: 'listBookingsOfRide',
        errors: ['NOT_FOUND', 'FORBIDDEN'],
        tags: ['bookings'],
        summary: "A ride's bookings, for its driver and for passengers with a booking on it",
        params: BookingsOfRideParams,
        response: { 200: BookingListDto },
      },
      onRequest: app.requireAuth,
    },
    async (request) => listBookingsOfRide(app.deps, authOf(request).user.id, request.region, request.params.rideId),
  );

  r.post(
    '/api/bookings/bookRide',
    {
      schema: {
        operationId: 'bookRide',
        errors: ['NOT_FOUND', 'CONFLICT', 'ALREADY_BOOKED', 'RIDE_FULL', 'RIDE_CANCELLED', 'RIDE_DEPARTED'],
        tags: ['bookings'],
        summary: 'Book seats and suitcases on a ride (paymentIntentId must be "NO_STRIPE"); the booking starts pending',
        body: BookRideInput,
        response: { 201: BookingDto },
      },
      onRequest: app.requireAuth,
    },
    async (request, reply) => reply.status(201).send(await bookRide(app.deps, authOf(request).user, request.region, request.body)),
  );

}
