import { HealthDto } from '@carpool/shared/schemas/health';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { checkHealth } from './health.service.js';

export async function healthRoutes(app: FastifyInstance) {
  const { config } = app.deps;
  // A connection of its own, so that the probe sees Redis itself and not a queue in front of it:
  // without the offline queue a command fails at once while the connection is down.
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { lazyConnect: true, enableOfflineQueue: false, connectTimeout: 1_000, maxRetriesPerRequest: 0 })
    : null;
  if (redis) {
    // Reconnection goes on by itself; the health answer says Redis is down meanwhile.
    redis.on('error', (error) => app.log.debug({ err: error }, 'health: Redis connection error'));
    redis.connect().catch(() => {});
    app.addHook('onClose', async () => redis.disconnect());
  }

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      schema: {
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
