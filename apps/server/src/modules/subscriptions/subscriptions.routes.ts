import {
  ADMIN_SUBSCRIBERS_PAGE_MAX,
  ADMIN_SUBSCRIBERS_PAGE_SIZE,
  AdminSubscribersDto,
  AdminSubscribersQuery,
  SubscribersCsv,
  SubscriptionDto,
  SubscriptionInput,
} from '@carpool/shared/schemas/subscriptions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { exportSubscribersCsv, listSubscribersForAdmin, subscribe, type NewsletterTokens } from './subscriptions.service.js';

export async function subscriptionsRoutes(app: FastifyInstance, options: { tokens: NewsletterTokens }) {
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
    async (request) => subscribe(app.deps, request.body.email, request.region, options.tokens),
  );

  r.get(
    '/api/admin/subscribers',
    {
      schema: { operationId: 'listSubscribersForAdmin', errors: ['FORBIDDEN'],
        tags: ['admin'],
        summary: `Confirmed newsletter subscribers of every region, the latest confirmed first, with the counts of confirmed and pending addresses (admins only; limit 1..${ADMIN_SUBSCRIBERS_PAGE_MAX}, default ${ADMIN_SUBSCRIBERS_PAGE_SIZE}; before: the nextBefore of the previous page)`,
        querystring: AdminSubscribersQuery,
        response: { 200: AdminSubscribersDto },
      },
      onRequest: app.requireAdmin,
    },
    async (request) => listSubscribersForAdmin(app.deps.db, request.query),
  );

  r.get(
    '/api/admin/subscribers.csv',
    {
      schema: { operationId: 'exportSubscribersCsv', errors: ['FORBIDDEN'],
        tags: ['admin'],
        summary: 'Download every confirmed newsletter subscriber as CSV: email, region, confirmed_at (admins only)',
        description: 'A cell that starts with =, +, - or @ is written with a leading apostrophe, so that a spreadsheet does not run it as a formula.',
        response: { 200: { description: 'The confirmed subscribers, the latest confirmed first', content: { 'text/csv': { schema: SubscribersCsv } } } },
      },
      onRequest: app.requireAdmin,
    },
    async (_request, reply) => {
      const csv = await exportSubscribersCsv(app.deps.db);
      const day = app.deps.clock.now().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="carpool-subscribers-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
}
