import { RideIdParams, RideMessageDto, RideMessagesQuery, SendRideMessageInput } from '@carpool/shared/schemas/messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../plugins/auth.js';
import { listRideMessages, sendRideMessage } from './ride-messages.service.js';

export async function rideMessagesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.deps.db, events: app.deps.events };

  r.get(
    '/api/messages/ride/:rideId',
    {
      schema: {
        operationId: 'listRideMessages',
        errors: ['BAD_REQUEST', 'NOT_FOUND', 'FORBIDDEN'],
        tags: ['messages'],
        summary:
          'A ride chat, oldest first: the newest `limit` messages (default 100, max 500), or with `after` (a message id or an ISO time) the messages after it',
        params: RideIdParams,
        querystring: RideMessagesQuery,
        response: { 200: z.array(RideMessageDto) },
      },
      onRequest: app.requireAuth,
    },
    async (request) => listRideMessages(deps, authOf(request).user.id, request.params.rideId, request.query),
  );

  r.post(
    '/api/messages/send',
    {
      schema: {
        operationId: 'sendRideMessage',
        errors: ['NOT_FOUND', 'FORBIDDEN'],
        tags: ['messages'],
        summary: 'Send a message to a ride chat (driver and passengers with a pending or confirmed booking)',
        body: SendRideMessageInput,
        response: { 201: RideMessageDto },
      },
      onRequest: app.requireAuth,
      preHandler: app.limitMessageRate,
    },
    async (request, reply) => reply.status(201).send(await sendRideMessage(deps, authOf(request).user, request.body)),
  );
}
