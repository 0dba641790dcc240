import { SubscriptionDto, SubscriptionInput } from '@carpool/shared/schemas/subscriptions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { subscribe } from './subscriptions.service.js';

export async function subscriptionsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/subscriptions',
    {
      schema: {
        operationId: 'subscribe',
        tags: ['subscriptions'],
        summary: 'Subscribe an e-mail address to the newsletter of the X-Region region (idempotent)',
        body: SubscriptionInput,
        response: { 200: SubscriptionDto },
      },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request) => subscribe(app.deps.db, request.body.email, request.region),
  );
}
