import { SubscriptionDto, SubscriptionInput } from '@carpool/shared/schemas/subscriptions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicBaseUrl } from '../delivery/delivery.service.js';
import type { MailTokens } from '../delivery/mail-tokens.js';
import { subscribe } from './subscriptions.service.js';

export async function subscriptionsRoutes(app: FastifyInstance, options: { tokens: MailTokens }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/subscriptions',
    {
      schema: {
        operationId: 'subscribe',
        tags: ['subscriptions'],
        summary: 'Subscribe an e-mail address to the newsletter of the X-Region region (idempotent; a confirmation e-mail follows)',
        body: SubscriptionInput,
        response: { 200: SubscriptionDto },
      },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request) =>
      subscribe(app.deps.db, request.body.email, request.region, {
        tokens: options.tokens,
        baseUrl: publicBaseUrl(app.deps.config),
        today: app.deps.clock.now().toISOString().slice(0, 10),
      }),
  );
}
