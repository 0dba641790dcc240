import { z } from 'zod';

/** One dependency as the health check saw it; `latencyMs` is the time its probe took. */
export const DependencyHealthDto = z.object({
  status: z.enum(['up', 'down']),
  latencyMs: z.number().nonnegative(),
  /** Why it is down, in a few words (no connection strings). */
  error: z.string().optional(),
});
export type DependencyHealthDto = z.infer<typeof DependencyHealthDto>;

/**
 * GET /api/health. For a load balancer: 200 with `ok` (every dependency up) or `degraded` (Redis
 * down: the site works, cross-process realtime and shared limits do not), 503 with `down` when
 * the database is unreachable.
 */
export const HealthDto = z.object({
  status: z.enum(['ok', 'degraded', 'down']),
  database: z.enum(['pglite', 'postgres']),
  checks: z.object({
    database: DependencyHealthDto,
    /** Present only when REDIS_URL is set. */
    redis: DependencyHealthDto.optional(),
  }),
});
export type HealthDto = z.infer<typeof HealthDto>;
