import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describeEachDatabase } from '../test/harness.js';
import type { Database } from './client.js';
import { transactionRetryingDeadlocks } from './deadlock-retry.js';
import { users } from './schema.js';

// The real deadlocks, between a suspension and a ride's cancellation on PostgreSQL, are in
// modules/account/suspension-races.test.ts; here, what the wrapper does with each kind of failure.
describeEachDatabase('transactions that run again after a deadlock', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());

  const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });
  const count = async () => (await database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;

  it('runs the work again after a deadlock, keeping only the run that committed', async () => {
    const before = await count();
    let runs = 0;
    const result = await transactionRetryingDeadlocks(database.db, async (tx) => {
      runs += 1;
      await tx.insert(users).values({ issuer: 'test', subject: `retry-${runs}`, email: `retry-${runs}@cornell.edu`, name: 'Retry' });
      if (runs < 3) throw new Error('Failed query: update rides', { cause: deadlock() });
      return 'done';
    });
    expect(result).toBe('done');
    expect(runs).toBe(3);
    expect(await count()).toBe(before + 1);
  });

  it('gives up after three deadlocks, and throws any other error at once', async () => {
    let runs = 0;
    await expect(
      transactionRetryingDeadlocks(database.db, async () => {
        runs += 1;
        throw deadlock();
      }),
    ).rejects.toMatchObject({ code: '40P01' });
    expect(runs).toBe(3);

    runs = 0;
    await expect(
      transactionRetryingDeadlocks(database.db, async () => {
        runs += 1;
        throw Object.assign(new Error('duplicate key'), { code: '23505' });
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(runs).toBe(1);
  });
});
