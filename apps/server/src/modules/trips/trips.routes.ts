import { BookingDto, BookingIdParams, UpdateBookingStatusInput } from '@carpool/shared/schemas/bookings';
import { IdParams, UserIdParams } from '@carpool/shared/schemas/common';
import {
  CancelRideSeriesQuery,
  CancelledRideSeriesDto,
  RideDto,
  RidePathParams,
  RideSeriesPathParams,
  UpdateRideInput,
} from '@carpool/shared/schemas/rides';
import { BlockedUsersDto } from '@carpool/shared/schemas/trust';
import { JoinWaitlistInput, WaitingListDto, WaitlistEntryDto } from '@carpool/shared/schemas/waitlist';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../plugins/auth.js';
import { blockUser, cancelBooking, updateBookingStatus } from './booking-changes.service.js';
import { cancelRide, cancelRideSeries, updateRide } from './ride-changes.service.js';
import { joinWaitlist, leaveWaitlist, listWaitingPassengers } from './waiting-list.service.js';

/**
 * The endpoints of the trips use-cases: editing and cancelling a ride, answering and cancelling a
 * booking, the waiting list, blocking someone. Their paths stay under the resources they act on
 * (/api/rides, /api/bookings, /api/users); they are registered here, beside the service they call
 * (docs/decisions/seat-inventory-and-module-shape.md).
 */
export async function tripsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.patch(
    '/api/rides/:id',
    {
      schema: {
        operationId: 'updateRide',
        errors: ['FORBIDDEN', 'NOT_FOUND', 'RIDE_CANCELLED', 'RIDE_DEPARTED', 'SEATS_BELOW_BOOKED'],
        tags: ['rides'],
        summary:
          'The driver edits their active ride before departure (date/time in UTC, price, totals, addresses, notes; not from/to). Totals below what bookings hold: 409 SEATS_BELOW_BOOKED',
        params: RidePathParams,
        body: UpdateRideInput,
        response: { 200: RideDto },
      },
      onRequest: app.requireAuth,
    },
    async (request) => updateRide(app.deps, authOf(request).user.id, request.region, request.params.id, request.body),
  );

  r.delete(
    '/api/rides/:id',
    {
      schema: {
        operationId: 'cancelRide',
        errors: ['NOT_FOUND', 'FORBIDDEN', 'RIDE_CANCELLED', 'RIDE_DEPARTED'],
        tags: ['rides'],
        summary: 'The driver cancels their ride before departure; its bookings are cancelled and the passengers notified',
        params: RidePathParams,
        response: { 200: RideDto },
      },
      onRequest: app.requireAuth,
    },
    async (request) => cancelRide(app.deps, authOf(request).user.id, request.region, request.params.id),
  );

  r.delete(
    '/api/ride-series/:seriesId',
    {
      schema: {
        operationId: 'cancelRideSeries',
        errors: ['NOT_FOUND', 'FORBIDDEN'],
        tags: ['rides'],
        summary:
          "The driver cancels their weekly ride from a local day (`from`, yyyy-mm-dd in the series' zone) on: the series creates no more rides, and each of its not yet departed rides on or after that day is cancelled with its bookings, the passengers notified. Earlier rides stay.",
        params: RideSeriesPathParams,
        querystring: CancelRideSeriesQuery,
        response: { 200: CancelledRideSeriesDto },
      },
      onRequest: app.requireAuth,
    },
    async (request) => cancelRideSeries(app.deps, authOf(request).user.id, request.region, request.params.seriesId, request.query.from),
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

  r.post(
    '/api/rides/:id/waitlist',
    {
      schema: {
        operationId: 'joinWaitlist',
        errors: ['NOT_FOUND', 'CONFLICT', 'USER_BLOCKED', 'RIDE_CANCELLED', 'RIDE_DEPARTED', 'ALREADY_BOOKED', 'ALREADY_WAITING', 'RIDE_HAS_ROOM'],
        tags: ['waitlist'],
        summary:
          'Wait for seats and suitcases on a ride that has too few left for them (a request that fits now is 409 RIDE_HAS_ROOM: reserve instead); answers the entry with its place in line',
        params: RidePathParams,
        body: JoinWaitlistInput,
        response: { 201: WaitlistEntryDto },
      },
      onRequest: app.requireAuth,
    },
    async (request, reply) =>
      reply.status(201).send(await joinWaitlist(app.deps, authOf(request).user.id, request.region, request.params.id, request.body)),
  );

  r.delete(
    '/api/rides/:id/waitlist',
    {
      schema: {
        operationId: 'leaveWaitlist',
        errors: ['NOT_FOUND'],
        tags: ['waitlist'],
        summary: "Leave the ride's waiting list (404 when not on it)",
        params: RidePathParams,
        response: { 204: z.null().describe('Left the waiting list') },
      },
      onRequest: app.requireAuth,
    },
    async (request, reply) => {
      await leaveWaitlist(app.deps, authOf(request).user.id, request.region, request.params.id);
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/api/rides/:id/waitlist',
    {
      schema: {
        operationId: 'listWaitingPassengers',
        errors: ['NOT_FOUND', 'FORBIDDEN'],
        tags: ['waitlist'],
        summary: "The ride's waiting passengers in line order, for its driver only",
        params: RidePathParams,
        response: { 200: WaitingListDto },
      },
      onRequest: app.requireAuth,
    },
    async (request) => listWaitingPassengers(app.deps, authOf(request).user.id, request.region, request.params.id),
  );

  r.post(
    '/api/users/:userId/block',
    {
      schema: { operationId: 'blockUser', errors: ['BAD_REQUEST', 'NOT_FOUND'],
        tags: ['users'],
        summary:
          'Block a user: no direct messages either way, no bookings of each other\'s rides, neither sees the other\'s rides and requests; pending bookings between you are cancelled. Yourself: 400',
        params: UserIdParams,
        response: { 200: BlockedUsersDto },
      },
      onRequest: app.requireAuth,
    },
    async (request) => blockUser(app.deps, authOf(request).user.id, request.params.userId),
  );
}
