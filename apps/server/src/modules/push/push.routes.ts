import { z } from 'zod';
import {
  DeletePushSubscriptionInput,
  PushPublicKeyDto,
  PushSubscriptionInput,
} from '@carpool/shared/schemas/notification-preferences';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/auth.js';
import { subscribeToPush, unsubscribeFromPush } from './push.service.js';
import type { VapidKeys } from './vapid-keys.js';

export async function pushRoutes(app: FastifyInstance, options: { vapidKeys: VapidKeys }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rules = { allowLoopback: app.deps.config.pushAllowLoopback };

  r.get(
    '/api/push/public-key',
    {
      schema: { operationId: 'getPushPublicKey',
        tags: ['push'],
        summary: "The server's VAPID public key (base64url), the applicationServerKey of PushManager.subscribe",
        response: { 200: PushPublicKeyDto },
      },
    },
    async () => ({ publicKey: options.vapidKeys.publicKey }),
  );

  r.post(
    '/api/push/subscriptions',
    {
      schema: { operationId: 'subscribeToPush', errors: ['BAD_REQUEST'],
        tags: ['push'],
        summary: "Store the browser's push subscription for the caller (an endpoint known already moves to the caller)",
        body: PushSubscriptionInput,
        response: { 204: z.null().describe('Stored') },
      },
      onRequest: app.requireAuth,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      await subscribeToPush(app.deps.db, authOf(request).user.id, request.body, rules);
      return reply.code(204).send(null);
    },
  );

  r.delete(
    '/api/push/subscriptions',
    {
      schema: { operationId: 'unsubscribeFromPush',
        tags: ['push'],
        summary: "Delete the caller's push subscription of this endpoint (nothing to delete is fine)",
        body: DeletePushSubscriptionInput,
        response: { 204: z.null().describe('Deleted') },
      },
      onRequest: app.requireAuth,
    },
    async (request, reply) => {
      await unsubscribeFromPush(app.deps.db, authOf(request).user.id, request.body.endpoint);
      return reply.code(204).send(null);
    },
  );
}
