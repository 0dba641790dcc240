import type pg from 'pg';
import { isReadOnlyServer } from './unavailable.js';

type Release = (error?: Error | boolean) => void;

/**
 * The PostgreSQL connection class of the server's pool: node-postgres' Client, with three gaps of
 * the pool closed (docs/decisions/database-faults.md).
 *
 * 1. It always listens for 'error'. The pool listens only on idle connections, so a connection
 *    that PostgreSQL terminates while a request holds it (between two queries of a transaction,
 *    for example) would emit an unhandled 'error' and end the process. The holder still sees the
 *    fault: its next query fails ("not queryable"), which the error handler answers 503.
 * 2. A connection that ends while it is held is given back to the pool at once, marked broken, so
 *    that the pool opens a new one. drizzle's transaction never releases a connection whose BEGIN
 *    failed; without this, every such fault would keep a pool slot until the pool ran dry. The
 *    holder's own release afterwards does nothing (release is idempotent here).
 * 3. A connection that answered "read-only" (SQLSTATE 25006: the primary became a standby, or the
 *    address leads to one after a failover) is dropped when it is given back, so that the pool
 *    reconnects to the new primary instead of keeping the stale connection.
 */
export function guardedClientClass(driver: typeof pg): typeof pg.Client {
  return class GuardedClient extends driver.Client {
    #release: Release | undefined;
    #held = false;
    #readOnly = false;

    constructor(config?: string | pg.ClientConfig) {
      super(config);
      // The pool's own listener (while idle) and the holder's next query handle the fault.
      this.on('error', () => {});
      this.on('end', () => {
        if (this.#held) this.#release?.(new Error('the database connection ended while it was in use'));
      });
      const query = this.query.bind(this) as (...args: unknown[]) => unknown;
      this.query = ((...args: unknown[]) => {
        const result = query(...args);
        if (result instanceof Promise) {
          result.catch((error: unknown) => {
            if (isReadOnlyServer(error)) this.#readOnly = true;
          });
        }
        return result;
      }) as typeof this.query;
    }

    /** Set by the pool each time it hands the connection out. */
    set release(release: Release) {
      this.#held = true;
      this.#release = (error) => {
        if (!this.#held) return;
        this.#held = false;
        release(error ?? (this.#readOnly ? new Error('the database answered read-only: reconnecting') : undefined));
      };
    }

    get release(): Release {
      return this.#release ?? (() => {});
    }
  };
}
