import { lte, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { jobRuns } from '../../db/schema.js';

/** Transaction-scoped advisory lock: true when this transaction holds it, false when another does. */
export async function tryAdvisoryTransactionLock(db: Queryable, key: number): Promise<boolean> {
  const [row] = await db.select({ locked: sql<boolean>`pg_try_advisory_xact_lock(${key})` }).from(sql`(select 1) as one`);
  return row?.locked === true;
}

/**
 * Claims the period of job `name` for a run at `now`: true when the last run of any process was
 * at least `periodMs` ago (or never), and then records `now` as the last run. One conditional
 * statement, so of processes racing for the same period exactly one gets it.
 */
export async function claimJobPeriod(db: Queryable, options: { name: string; now: Date; periodMs: number }): Promise<boolean> {
  const claimed = await db
    .insert(jobRuns)
    .values({ name: options.name, lastRunAt: options.now })
    .onConflictDoUpdate({
      target: jobRuns.name,
      set: { lastRunAt: options.now },
      setWhere: lte(jobRuns.lastRunAt, new Date(options.now.getTime() - options.periodMs)),
    })
    .returning({ name: jobRuns.name });
  return claimed.length > 0;
}

/** Records a run that was asked for whatever the period (tests, the test clock). */
export async function recordJobRun(db: Queryable, options: { name: string; now: Date }): Promise<void> {
  await db
    .insert(jobRuns)
    .values({ name: options.name, lastRunAt: options.now })
    .onConflictDoUpdate({ target: jobRuns.name, set: { lastRunAt: options.now } });
}
