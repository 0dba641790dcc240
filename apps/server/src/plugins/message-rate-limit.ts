import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { AppError } from '../lib/app-error.js';
import type { Clock } from '../lib/clock.js';
import { authOf } from './auth.js';

/** A burst of a few messages a second per user; a person typing never gets near it, a script does. */
export const MESSAGE_RATE_LIMIT = { maxPerWindow: 5, windowMs: 1_000 } as const;

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler for message sends (after requireAuth): 429 RATE_LIMITED past the per-user burst. */
    limitMessageRate: (request: FastifyRequest) => Promise<void>;
  }
}

interface MessageRateLimiter {
  /** Counts one send and answers how many the user made in the current window. */
  hit(userId: string, window: number): Promise<number>;
}

function memoryLimiter(): MessageRateLimiter {
  const counts = new Map<string, { window: number; count: number }>();
  return {
    async hit(userId, window) {
      const entry = counts.get(userId);
      if (!entry || entry.window !== window) {
        // Old windows are dropped as the map is touched, so it holds at most the recent senders.
        if (counts.size > 10_000) {
          for (const [key, value] of counts) if (value.window < window) counts.delete(key);
        }
        counts.set(userId, { window, count: 1 });
        return 1;
      }
      entry.count += 1;
      return entry.count;
    },
  };
}

/** Shared by every server process, so that spreading sends over processes does not multiply the limit. */
function redisLimiter(redis: Redis, keyPrefix: string): MessageRateLimiter {
  return {
    async hit(userId, window) {
      const key = `${keyPrefix}carpool:message-rate:${userId}:${window}`;
      const results = await redis.multi().incr(key).pexpire(key, MESSAGE_RATE_LIMIT.windowMs * 2).exec();
      const [incrError, count] = results?.[0] ?? [new Error('no reply'), 0];
      if (incrError) throw incrError;
      return Number(count);
    },
  };
}

function windowOf(clock: Clock): { window: number; retryAfterMs: number } {
  const now = clock.now().getTime();
  const window = Math.floor(now / MESSAGE_RATE_LIMIT.windowMs);
  return { window, retryAfterMs: (window + 1) * MESSAGE_RATE_LIMIT.windowMs - now };
}

export const messageRateLimitPlugin = fp(async (app: FastifyInstance) => {
  const { clock } = app.deps;
  const limiter = app.redisConnections.configured
    ? redisLimiter(app.redisConnections.create('message-rate-limit', 'request-path'), app.deps.config.redisKeyPrefix)
    : memoryLimiter();

  app.decorate('limitMessageRate', async (request: FastifyRequest) => {
    const userId = authOf(request).user.id;
    const { window, retryAfterMs } = windowOf(clock);
    let count: number;
    try {
      count = await limiter.hit(userId, window);
    } catch (error) {
      // Chat keeps working while Redis is down. The outage itself is logged once by the client;
      // a line per message would flood the log during it.
      request.log.debug({ err: error }, 'message rate limit unavailable, letting the message through');
      return;
    }
    if (count > MESSAGE_RATE_LIMIT.maxPerWindow) {
      const retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
      throw new AppError(
        'RATE_LIMITED',
        `You are sending messages too fast (at most ${MESSAGE_RATE_LIMIT.maxPerWindow} a second). Please wait a moment and try again.`,
        undefined,
        { 'retry-after': String(retryAfterSeconds) },
      );
    }
  });
});
