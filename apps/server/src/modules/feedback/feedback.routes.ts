import { IdParams } from '@carpool/shared/schemas/common';
import {
  ADMIN_FEEDBACK_PAGE_MAX,
  ADMIN_FEEDBACK_PAGE_SIZE,
  AdminFeedbackDto,
  AdminFeedbackListDto,
  AdminFeedbackQuery,
  FeedbackDto,
  FeedbackInput,
} from '@carpool/shared/schemas/feedback';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listFeedbackForAdmin, markFeedbackHandled, sendFeedback } from './feedback.service.js';

export async function feedbackRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/feedback',
    {
      schema: {
        operationId: 'sendFeedback',
        tags: ['feedback'],
        summary: 'Send feedback (comment 1..1000 characters, optional e-mail); signed-in senders are linked to their account',
        body: FeedbackInput,
        response: { 201: FeedbackDto },
      },
      onRequest: app.optionalAuth,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const stored = await sendFeedback(app.deps.db, request.body, {
        userId: request.auth?.user.id ?? null,
        region: request.region,
      });
      return reply.status(201).send(stored);
    },
  );

  r.get(
    '/api/admin/feedback',
    {
      schema: { operationId: 'listFeedbackForAdmin', errors: ['FORBIDDEN'],
        tags: ['admin'],
        summary: `The feedback inbox of every region, newest first, with the signed-in sender and who marked each handled (admins only; limit 1..${ADMIN_FEEDBACK_PAGE_MAX}, default ${ADMIN_FEEDBACK_PAGE_SIZE}; before: the nextBefore of the previous page)`,
        querystring: AdminFeedbackQuery,
        response: { 200: AdminFeedbackListDto },
      },
      onRequest: app.requireAdmin,
    },
    async (request) => listFeedbackForAdmin(app.deps.db, request.query),
  );

  r.post(
    '/api/admin/feedback/:id/handled',
    {
      schema: { operationId: 'markFeedbackHandled', errors: ['FORBIDDEN', 'NOT_FOUND', 'INVALID_TRANSITION'],
        tags: ['admin'],
        summary: 'Mark a feedback message handled, with an audit row (admins only; 409 INVALID_TRANSITION when it already is)',
        params: IdParams,
        response: { 200: AdminFeedbackDto },
      },
      onRequest: app.requireAdmin,
    },
    // The admin command's credential is no user: its marks have no handledBy, as its verification decisions.
    async (request) => markFeedbackHandled(app.deps, request.auth?.user.id ?? null, request.params.id),
  );
}
