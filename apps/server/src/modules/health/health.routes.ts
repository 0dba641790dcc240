import { HealthDto } from '@carpool/shared/schemas/health';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { checkHealth } from './health.service.js';

export async function healthRoutes(app: FastifyInstance) {
  // A connection of its own, so that the probe sees Redis itself and not a queue in front of it: a
  // request-path client fails at once while the connection is down (lib/redis.ts), handles its own
  // errors and reconnects by itself; the app closes it.
  const redis = app.redisConnections.configured ? app.redisConnections.create('health', 'request-path') : null;

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      schema: {
        operationId: 'getHealth',
        tags: ['health'],
        summary: 'Dependencies and their latency: 200 ok or degraded (Redis down), 503 down (database unreachable)',
        response: { 200: HealthDto, 503: HealthDto },
      },
      config: { rateLimit: false },
    },
    async (request, reply) => {
      const health = await checkHealth(app.deps, redis);
      if (health.status !== 'ok') request.log.warn({ health }, 'health check: a dependency is down');
      if (health.status === 'down') reply.status(503).header('retry-after', '5');
      return health;
    },
  );
}
