import {
  BookingDto,
  BookingIdParams,
  BookingListDto,
  BookRideInput,
  BookingsOfRideParams,
  UpdateBookingStatusInput,
  UserBookingsQuery,
} from '@carpool/shared/schemas/bookings';
import { IdParams, UserIdParams } from '@carpool/shared/schemas/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/auth.js';
import { bookRide, cancelBooking, listBookingsOfRide, listBookingsOfUser, updateBookingStatus } from './bookings.service.js';

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

  r.put(
    '/api/bookings/:bookingId/status',
    {
      schema: {
        operationId: 'updateBookingStatus',
        errors: ['NOT_FOUND', 'FORBIDDEN', 'INVALID_TRANSITION', 'RIDE_CANCELLED', 'RIDE_DEPARTED'],
        tags: ['bookings'],
        summary: 'The driver accepts (confirmed) or rejects (cancelled) a pending booking',
        params: BookingIdParams,
        body: UpdateBookingStatusInput,
        response: { 200: BookingDto },
      },
      onRequest: app.requireAuth,
    },
    async (request) =>
      updateBookingStatus(app.deps, authOf(request).user.id, request.region, request.params.bookingId, request.body),
  );

  r.delete(
    '/api/bookings/:id',
    {
      schema: {
        operationId: 'cancelBooking',
        errors: ['NOT_FOUND', 'FORBIDDEN', 'INVALID_TRANSITION', 'RIDE_DEPARTED'],
        tags: ['bookings'],
        summary: 'The passenger cancels their own pending or confirmed booking',
        params: IdParams,
        response: { 200: BookingDto },
      },
      onRequest: app.requireAuth,
    },
    async (request) => cancelBooking(app.deps, authOf(request).user.id, request.region, request.params.id),
  );
}
