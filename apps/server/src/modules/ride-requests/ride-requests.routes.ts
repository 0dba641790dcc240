import { IdParams } from '@carpool/shared/schemas/common';
import {
  CreateRideRequestInput,
  DeleteRideRequestDto,
  OwnRideRequestsQuery,
  RideRequestDto,
  RideRequestListDto,
  RideRequestSearchQuery,
} from '@carpool/shared/schemas/ride-requests';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/auth.js';
import { createRideRequest, deleteRideRequest, listOwnRideRequests, searchRideRequests } from './ride-requests.service.js';

export async function rideRequestsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  r.get(
    '/api/ride-requests',
    {
      schema: {
        operationId: 'searchRideRequests',
        tags: ['ride-requests'],
        summary: "Open, upcoming ride requests of the caller's region, soonest first",
        description:
          'Filters: from, to (place values), date (yyyy-mm-dd, a local day read in `timezone`, default UTC). ' +
          'Paging: limit (default 50, maximum 100), offset. Signed-out callers get no passenger identity.',
        querystring: RideRequestSearchQuery,
        response: { 200: RideRequestListDto },
      },
      onRequest: app.optionalAuth,
    },
    async (request) =>
      searchRideRequests(deps, { viewerId: request.auth?.user.id ?? null, region: request.region }, request.query),
  );

  r.get(
    '/api/ride-requests/user/me',
    {
      schema: {
        operationId: 'listOwnRideRequests',
        tags: ['ride-requests'],
        summary: "The caller's open, upcoming ride requests in this region",
        description: 'Paging: limit (default and maximum 100), offset.',
        querystring: OwnRideRequestsQuery,
        response: { 200: RideRequestListDto },
      },
      onRequest: app.requireAuth,
    },
    async (request) => listOwnRideRequests(deps, { userId: authOf(request).user.id, region: request.region }, request.query),
  );

  r.post(
    '/api/ride-requests',
    {
      schema: {
        operationId: 'createRideRequest',
        tags: ['ride-requests'],
        summary: 'Post a ride request',
        body: CreateRideRequestInput,
        response: { 201: RideRequestDto },
      },
      onRequest: app.requireAuth,
    },
    async (request, reply) => {
      const created = await createRideRequest(deps, { user: authOf(request).user, region: request.region }, request.body);
      return reply.status(201).send(created);
    },
  );

  r.delete(
    '/api/ride-requests/:id',
    {
      schema: {
        operationId: 'deleteRideRequest',
        errors: ['NOT_FOUND', 'FORBIDDEN'],
        tags: ['ride-requests'],
        summary: 'Delete one of your ride requests',
        params: IdParams,
        response: { 200: DeleteRideRequestDto },
      },
      onRequest: app.requireAuth,
    },
    async (request) => {
      await deleteRideRequest(deps, { userId: authOf(request).user.id, region: request.region }, request.params.id);
      return { ok: true as const };
    },
  );
}
