import type { DependencyHealthDto, HealthDto } from '@carpool/shared/schemas/health';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { AppDeps } from '../../app-deps.js';

/** A probe that has not answered by then counts as down: a load balancer must not wait on it. */
const HEALTH_PROBE_TIMEOUT_MS = 2_000;

async function probe(run: () => Promise<unknown>): Promise<DependencyHealthDto> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      run(),
      new Promise((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${HEALTH_PROBE_TIMEOUT_MS} ms`)), HEALTH_PROBE_TIMEOUT_MS);
      }),
    ]);
    return { status: 'up', latencyMs: elapsed(started) };
  } catch (error) {
    return { status: 'down', latencyMs: elapsed(started), error: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

const elapsed = (started: number) => Math.round((performance.now() - started) * 10) / 10;

/**
 * Probes the database and, when configured, Redis, at the same time. The database down makes the
 * process useless (`down`); Redis down only degrades it (realtime across processes, shared limits).
 */
export async function checkHealth(deps: Pick<AppDeps, 'db' | 'database'>, redis: Redis | null): Promise<HealthDto> {
  const [database, redisHealth] = await Promise.all([
    probe(() => deps.db.execute(sql`select 1`)),
    redis ? probe(() => redis.ping()) : Promise.resolve(undefined),
  ]);
  const status = database.status === 'down' ? 'down' : redisHealth?.status === 'down' ? 'degraded' : 'ok';
  return { status, database: deps.database.kind, checks: { database, ...(redisHealth ? { redis: redisHealth } : {}) } };
}
