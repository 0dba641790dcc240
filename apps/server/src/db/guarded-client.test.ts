import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { guardedClientClass } from './guarded-client.js';
import { isDatabaseUnavailable } from './unavailable.js';

const url = process.env.TEST_DATABASE_URL;
if (!url) console.warn('guarded PostgreSQL connections: skipped, set TEST_DATABASE_URL to run them');

/** Ends one backend as PostgreSQL does on a restart: a FATAL 57P01 message, then the socket closes. */
async function terminate(pid: number) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query('select pg_terminate_backend($1)', [pid]);
  } finally {
    await admin.end();
  }
}

const backendPid = async (client: pg.PoolClient) => (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;

describe.skipIf(!url)('the pool\'s guarded connections [postgres]', () => {
  const pools: pg.Pool[] = [];
  afterEach(async () => {
    for (const pool of pools.splice(0)) await pool.end();
  });

  function onePool() {
    const pool = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 3_000, Client: guardedClientClass(pg) });
    pool.on('error', () => {});
    pools.push(pool);
    return pool;
  }

  it('a connection terminated while held emits no unhandled error; the holder\'s next query fails as unavailability', async () => {
    const pool = onePool();
    const held = await pool.connect();
    await held.query('begin');
    // Without a listener of its own, the FATAL message would be an unhandled 'error' that ends the process.
    await terminate(await backendPid(held));
    const failure = await held.query('select 1').then(
      () => null,
      (error: unknown) => error,
    );
    expect(isDatabaseUnavailable(failure)).toBe(true);
    held.release();
  });

  it('gives a connection that ended while held back to the pool, so a holder that never releases it does not take the slot', async () => {
    const pool = onePool();
    const held = await pool.connect();
    const pid = await backendPid(held);
    await terminate(pid);
    // The holder never releases (as drizzle does when BEGIN fails); the only slot is free again all the same.
    const { rows } = await pool.query<{ pid: number }>('select pg_backend_pid() as pid');
    expect(rows[0]!.pid).not.toBe(pid);
    // A late release by the holder does nothing (pg-pool would throw on a second release).
    expect(() => held.release()).not.toThrow();
  });

  it('replaces a connection that answered read-only (a standby after a failover) when it is given back', async () => {
    const pool = onePool();
    const held = await pool.connect();
    const pid = await backendPid(held);
    await held.query('set default_transaction_read_only = on');
    await expect(held.query('create temporary table written (x int)')).rejects.toMatchObject({ code: '25006' });
    held.release();
    const again = await pool.connect();
    try {
      expect(await backendPid(again)).not.toBe(pid);
    } finally {
      again.release();
    }
  });

  it('keeps a healthy connection when it is given back', async () => {
    const pool = onePool();
    const held = await pool.connect();
    const pid = await backendPid(held);
    held.release();
    const again = await pool.connect();
    try {
      expect(await backendPid(again)).toBe(pid);
    } finally {
      again.release();
    }
  });
});
