import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { users } from './schema.js';

describe('the embedded database in a folder', () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  it('is created and migrated on first open, keeps its data, and opens again as it is', async () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'carpool-pglite-'));
    folders.push(parent);
    const dir = path.join(parent, 'data', 'pg');

    const first = await openDatabase({ databaseUrl: null, pgliteDir: dir });
    expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
    await first.migrate();
    await first.db.insert(users).values({ issuer: 'test', subject: 'kept', email: 'kept@cornell.edu', name: 'Kept', college: 'cornell' });
    await first.close();

    const again = await openDatabase({ databaseUrl: null, pgliteDir: dir });
    await again.migrate();
    const rows = await again.db.select({ name: users.name }).from(users);
    await again.close();
    expect(rows).toEqual([{ name: 'Kept' }]);
  }, 120_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('closing the PostgreSQL pool [postgres]', () => {
  it('lets a request that is still running finish its queries instead of failing the next one', async () => {
    const database = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL!, pgliteDir: null });
    const request = async () => {
      await database.db.execute(sql`select pg_sleep(0.3)`);
      await database.db.execute(sql`select 1`);
    };
    const running = request().then(
      () => 'finished',
      (error: unknown) => `failed: ${String(error)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    await database.close();
    expect(await running).toBe('finished');
  });
});
