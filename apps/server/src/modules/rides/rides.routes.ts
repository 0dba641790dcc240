import {
  CreateRideInput,
  CreatedRideDto,
  RideDayCountsDto,
  RideDayCountsQuery,
  RideDto,
  RidePathParams,
  RideListDto,
  RideSearchQuery,
  UserRidesQuery,
} from '@carpool/shared/schemas/rides';
import { UserIdParams } from '@carpool/shared/schemas/common';
import { RideRequestListDto } from '@carpool/shared/schemas/ride-requests';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/auth.js';
import { startRideSeatAnnouncer } from './ride-seats.announcer.js';
import { countRidesPerDay, createRide, getRide, listRequestsAlongRide, listRidesOfUser, searchRides, type Viewer } from './rides.service.js';

const viewerOf = (request: FastifyRequest): Viewer => (request.auth ? { userId: request.auth.user.id } : null);

export async function ridesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const stopSeatAnnouncer = startRideSeatAnnouncer({ db: app.deps.db, events: app.deps.events, log: app.log });
  app.addHook('onClose', async () => stopSeatAnnouncer());

  r.post(
    '/api/rides',
    {
      schema: {
        operationId: 'createRide',
        tags: ['rides'],
        summary:
          'Post a ride as the signed-in driver (date and time in UTC; `driver` is ignored). With `returnTrip`, the ride back (to -> from) is posted in the same transaction and answered as `returnRide`. With `repeat`, the ride repeats weekly on the weekdays (0 = Sunday, in `timezone`) at the same local time until `until` (at most 26 weeks after the first departure): occurrences are created 8 weeks ahead and extended by the periodic job; the answer is the first occurrence with its `seriesId` and `occurrencesCreated` (and the ride back repeats too)',
        body: CreateRideInput,
        response: { 201: CreatedRideDto },
      },
      onRequest: app.requireAuth,
    },
    async (request, reply) => {
      const ride = await createRide(app.deps, authOf(request).user, request.region, request.body);
      return reply.status(201).send(ride);
    },
  );

  r.get(
    '/api/rides/getall',
    {
      schema: {
        operationId: 'searchRides',
        tags: ['rides'],
        summary:
          'Upcoming active rides of the region, soonest first. startDate/endDate are inclusive days in `timezone` (default UTC); limit 1..100 (default 50). Signed out: no driver, passengers or messages.',
        querystring: RideSearchQuery,
        response: { 200: RideListDto },
      },
      onRequest: app.optionalAuth,
    },
    async (request) => searchRides(app.deps, viewerOf(request), request.region, request.query),
  );

  r.get(
    '/api/rides/day-counts',
    {
      schema: {
        operationId: 'countRidesPerDay',
        tags: ['rides'],
        summary: 'Ride counts per day (in `timezone`, default UTC) from startDate for `days` days (1..31, default 5), with the filters of getall',
        querystring: RideDayCountsQuery,
        response: { 200: RideDayCountsDto },
      },
      onRequest: app.optionalAuth,
    },
    async (request) => countRidesPerDay(app.deps, viewerOf(request), request.region, request.query),
  );

  r.get(
    '/api/rides/user/:userId',
    {
      schema: {
        operationId: 'listRidesOfUser',
        tags: ['rides'],
        summary:
          "A user's posted rides in the region: your own in every status (newest departure first), anyone else's upcoming active ones; limit 1..100 (default 50)",
        params: UserIdParams,
        querystring: UserRidesQuery,
        response: { 200: RideListDto },
      },
      onRequest: app.requireAuth,
    },
    async (request) =>
      listRidesOfUser(app.deps, { userId: authOf(request).user.id }, request.region, request.params.userId, request.query),
  );

  r.get(
    '/api/rides/:id',
    {
      schema: { operationId: 'getRide', errors: ['NOT_FOUND'], tags: ['rides'], summary: 'One ride of the region (any status)', params: RidePathParams, response: { 200: RideDto } },
      onRequest: app.optionalAuth,
    },
    async (request) => getRide(app.deps, viewerOf(request), request.region, request.params.id),
  );

  r.get(
    '/api/rides/:id/open-requests',
    {
      schema: {
        operationId: 'listRequestsAlongRide',
        errors: ['NOT_FOUND', 'FORBIDDEN'],
        tags: ['rides'],
        summary: "For the ride's driver: the open ride requests it serves (from one place of its route to a later one, on its day), soonest first",
        params: RidePathParams,
        response: { 200: RideRequestListDto },
      },
      onRequest: app.requireAuth,
    },
    async (request) => listRequestsAlongRide(app.deps, authOf(request).user.id, request.region, request.params.id),
  );

}
