import { FeedbackDto, FeedbackInput } from '@carpool/shared/schemas/feedback';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendFeedback } from './feedback.service.js';

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
}
