import { RidePathParams } from '@carpool/shared/schemas/rides';
import { JoinWaitlistInput, WaitingListDto, WaitlistEntryDto } from '@carpool/shared/schemas/waitlist';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../plugins/auth.js';
import { joinWaitlist, leaveWaitlist, listWaitingPassengers } from './waitlist.service.js';

export async function waitlistRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

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
}
