import { RideChatSummaryDto, RideChatsQuery, RideIdParams, RideMessageDto, RideMessagesQuery, SendRideMessageInput } from '@carpool/shared/schemas/messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../plugins/auth.js';
import { listRideChats, listRideMessages, sendRideMessage } from './ride-messages.service.js';

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

  r.get(
    '/api/messages/rides',
    {
      schema: {
        operationId: 'listRideChats',
        tags: ['messages'],
        summary: "The caller's ride chats in the region (rides they drive, or ride or rode on), latest message first (limit default 30, max 100)",
        querystring: RideChatsQuery,
        response: { 200: z.array(RideChatSummaryDto) },
      },
      onRequest: app.requireAuth,
    },
    async (request) => listRideChats(deps, authOf(request).user.id, request.region, request.query.limit),
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
