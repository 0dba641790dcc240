import { PAYMENTS_ENABLED } from '@carpool/shared/constants';
import { PayoutStatusDto } from '@carpool/shared/schemas/payouts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

export async function payoutsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/stripe/account-status',
    {
      schema: {
        operationId: 'getPayoutStatus',
        tags: ['payouts'],
        summary: 'Whether driver payouts are enabled (payments are disabled, so always false)',
        response: { 200: PayoutStatusDto },
      },
      onRequest: app.requireAuth,
    },
    async () => ({ payouts_enabled: PAYMENTS_ENABLED }),
  );
}
