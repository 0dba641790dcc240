import { sql, type SQL } from 'drizzle-orm';
import type { Db, Queryable } from '../db/client.js';

/** How many connections of this PostgreSQL database wait for a lock now. */
export async function waitingForLocks(db: Db): Promise<number> {
  const result = (await db.execute(
    sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

/**
 * PostgreSQL looks for a deadlock once, deadlock_timeout (1 s) after a transaction starts to wait,
 * and fails the transaction that finds the cycle. A test's transaction that must never be the one
 * failed stops looking (for an hour), so that the other side's check decides, whatever the load.
 */
export async function neverLookingForDeadlocks(tx: Queryable): Promise<void> {
  await tx.execute(sql`set local deadlock_timeout = '1h'`);
}

/** Holds a row (`lock`, a `select … for update`) in a transaction of its own until the returned function is called. */
export async function holdRow(db: Db, lock: SQL): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held!: () => void;
  const isHeld = new Promise<void>((resolve) => (held = resolve));
  const done = db.transaction(async (tx) => {
    await tx.execute(lock);
    held();
    await released;
  });
  await isHeld;
  return async () => {
    release();
    await done;
  };
}
