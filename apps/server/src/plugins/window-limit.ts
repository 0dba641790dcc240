import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { AppError } from '../lib/app-error.js';
import type { Clock } from '../lib/clock.js';

/**
 * A limit of `max` per key and fixed window, counted in Redis when it is configured (so that
 * several processes share it) and in memory otherwise. Like every limit it fails open: while Redis
 * is unreachable the request goes through (docs/decisions/redis-optional.md).
 */
export interface WindowLimit {
  /** Counts one use for the key; past `max` in the window, throws 429 RATE_LIMITED with Retry-After. */
  take(key: string): Promise<void>;
}

export interface WindowLimitOptions {
  /** Names the counters (Redis keys) and the log line. */
  name: string;
  /** 0 = no limit. */
  max: number;
  windowMs: number;
  /** What the person reads, given the seconds to wait. */
  message: (retryAfterSeconds: number) => string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** A limit per key (an e-mail address, a client address) and window; see plugins/window-limit.ts. */
    windowLimit: (options: WindowLimitOptions) => WindowLimit;
  }
}

interface Counter {
  /** Counts one use of the key, which is good until `windowEndsAt` (ms); answers the count so far. */
  hit(key: string, windowEndsAt: number): Promise<number>;
}

/** Expired windows are dropped as the map grows, so it holds about the keys of the current window. */
function memoryCounter(): Counter {
  const counts = new Map<string, { until: number; count: number }>();
  return {
    async hit(key, windowEndsAt) {
      const entry = counts.get(key);
      if (entry) {
        entry.count += 1;
        return entry.count;
      }
      if (counts.size > 50_000) {
        const now = Date.now();
        for (const [other, value] of counts) if (value.until <= now) counts.delete(other);
      }
      counts.set(key, { until: windowEndsAt, count: 1 });
      return 1;
    },
  };
}

function redisCounter(redis: Redis, prefix: string): Counter {
  return {
    async hit(key, windowEndsAt) {
      const redisKey = `${prefix}carpool:window-limit:${key}`;
      // A little past the window's end, so that clocks of two processes a moment apart agree.
      const results = await redis.multi().incr(redisKey).pexpireat(redisKey, windowEndsAt + 60_000).exec();
      const [incrError, count] = results?.[0] ?? [new Error('no reply'), 0];
      if (incrError) throw incrError;
      return Number(count);
    },
  };
}

function createWindowLimit(counter: Counter, clock: Clock, options: WindowLimitOptions, log: FastifyInstance['log']): WindowLimit {
  return {
    async take(key) {
      if (options.max <= 0) return;
      const now = clock.now().getTime();
      const window = Math.floor(now / options.windowMs);
      const windowEndsAt = (window + 1) * options.windowMs;
      let count: number;
      try {
        count = await counter.hit(`${options.name}:${window}:${key}`, windowEndsAt);
      } catch (error) {
        log.debug({ err: error, limit: options.name }, 'window limit unavailable, letting the request through');
        return;
      }
      if (count > options.max) {
        const retryAfterSeconds = Math.max(1, Math.ceil((windowEndsAt - now) / 1000));
        throw new AppError('RATE_LIMITED', options.message(retryAfterSeconds), undefined, { 'retry-after': String(retryAfterSeconds) });
      }
    },
  };
}

export const windowLimitPlugin = fp(async (app: FastifyInstance) => {
  const counter = app.redisConnections.configured
    ? redisCounter(app.redisConnections.create('window-limit', 'request-path'), app.deps.config.redisKeyPrefix)
    : memoryCounter();
  app.decorate('windowLimit', (options: WindowLimitOptions) => createWindowLimit(counter, app.deps.clock, options, app.log));
});
