import type { Db, Tx } from './client.js';

/** How many times in all a transaction runs when PostgreSQL keeps choosing it as a deadlock's victim. */
const ATTEMPTS = 3;

function isDeadlock(error: unknown): boolean {
  // drizzle wraps the driver's error ("Failed query: ...") and keeps it as the cause.
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if ((current as { code?: unknown }).code === '40P01') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * A transaction that runs again when PostgreSQL broke a deadlock by rolling it back (40P01,
 * deadlock_detected): the rollback undid all of it, and the other transaction has gone on, so the
 * second run usually finds the way clear. For transactions that take rows of two kinds in an
 * order another transaction may take them the other way round, and whose every effect outside
 * the database (events, pushes) runs after commit, never inside `work`, which may run more than
 * once. Any other error, or a third deadlock, is thrown as it is.
 */
export async function transactionRetryingDeadlocks<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (attempt >= ATTEMPTS || !isDeadlock(error)) throw error;
    }
  }
}
