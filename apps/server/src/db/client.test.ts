import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
