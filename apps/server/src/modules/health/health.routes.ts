import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';

const HealthDto = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });

export async function healthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    { schema: { operationId: 'getHealth', tags: ['health'], summary: 'Liveness and database check', response: { 200: HealthDto } }, config: { rateLimit: false } },
    async (request) => {
      try {
        await app.deps.db.execute(sql`select 1`);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        throw new AppError('SERVICE_UNAVAILABLE', 'The database is unreachable');
      }
      return { status: 'ok' as const, database: app.deps.database.kind };
    },
  );
}
