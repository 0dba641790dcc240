import { UserIdParams } from '@carpool/shared/schemas/common';
import {
  ConversationDto,
  DirectMessageDto,
  DirectMessagesQuery,
  InboxQuery,
  SendDirectMessageInput,
} from '@carpool/shared/schemas/messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../plugins/auth.js';
import { listInbox, openConversation, sendDirectMessage } from './direct-messages.service.js';

export async function directMessagesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.deps.db, events: app.deps.events };

  r.get(
    '/api/conversation-messages/conversation/:userId',
    {
      schema: {
        operationId: 'openConversation',
        errors: ['BAD_REQUEST', 'NOT_FOUND'],
        tags: ['messages'],
        summary:
          'The conversation with a user, oldest first (newest `limit`, default 200, max 500; or those `after` a message id or ISO time); marks the received messages read',
        params: UserIdParams,
        querystring: DirectMessagesQuery,
        response: { 200: z.array(DirectMessageDto) },
      },
      onRequest: app.requireAuth,
    },
    async (request) => openConversation(deps, authOf(request).user.id, request.params.userId, request.query),
  );

  r.post(
    '/api/conversation-messages/send',
    {
      schema: {
        operationId: 'sendDirectMessage',
        errors: ['BAD_REQUEST', 'NOT_FOUND', 'USER_BLOCKED'],
        tags: ['messages'],
        summary: 'Send a direct message to another user',
        body: SendDirectMessageInput,
        response: { 201: DirectMessageDto },
      },
      onRequest: app.requireAuth,
      preHandler: app.limitMessageRate,
    },
    async (request, reply) => reply.status(201).send(await sendDirectMessage(deps, authOf(request).user, request.body)),
  );

  r.get(
    '/api/conversation-messages/inbox',
    {
      schema: {
        operationId: 'listInbox',
        tags: ['messages'],
        summary: "The caller's conversations, most recent first (limit default 50, max 200), with unread counts",
        querystring: InboxQuery,
        response: { 200: z.array(ConversationDto) },
      },
      onRequest: app.requireAuth,
    },
    async (request) => listInbox(deps, authOf(request).user.id, request.query.limit),
  );
}
