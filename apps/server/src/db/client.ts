import { fork } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { acquireFolderLock } from './folder-lock.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** The drizzle database, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything a repository can run a query on: the database or an open transaction. */
export type Queryable = Db | Tx;

export interface Database {
  readonly db: Db;
  readonly kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Opens PostgreSQL through a pool when `databaseUrl` is set, else the embedded PGlite. */
export async function openDatabase(options: {
  databaseUrl: string | null;
  /** Folder for the embedded database; null keeps it in memory (tests). */
  pgliteDir: string | null;
  poolSize?: number;
}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.pgliteDir);
}

/** Creates and migrates a new embedded database folder in a child process (see create-pglite-folder.ts). */
async function createPgliteFolder(dir: string): Promise<void> {
  // A sibling module: .js when built, .ts when run from source.
  const script = fileURLToPath(new URL(`./create-pglite-folder${path.extname(fileURLToPath(import.meta.url))}`, import.meta.url));
  // The server's flags are kept (tsx in development), but not a watcher or a debugger; run from
  // source by a test runner that compiles in process, the child needs tsx of its own.
  const execArgv = process.execArgv.filter((flag) => !/^--(watch|inspect)/.test(flag));
  if (script.endsWith('.ts') && !execArgv.some((flag) => flag.includes('tsx'))) execArgv.push('--import', 'tsx');
  const child = fork(script, [dir, migrationsFolder], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`The embedded database could not be created in ${dir} (exit code ${code})`)),
    );
  });
}

async function openPglite(dir: string | null): Promise<Database> {
  // Taken before the folder is created or opened, held until close (see folder-lock.ts).
  const lock = dir ? await acquireFolderLock(dir) : null;
  let client: PGlite;
  try {
    if (dir) {
      mkdirSync(path.dirname(path.resolve(dir)), { recursive: true });
      if (!existsSync(path.join(dir, 'PG_VERSION'))) await createPgliteFolder(path.resolve(dir));
    }
    client = dir ? new PGlite(path.resolve(dir)) : new PGlite();
    await client.waitReady;
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    close: async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/** How long closing waits for queries still running (a request whose client has gone, for example). */
const CLOSE_WAIT_MS = 5_000;
const IDLE_CHECK_MS = 20;
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * Resolves once no connection of the pool has been in use, and nobody has waited for one, for two
 * checks in a row (a handler between two of its queries is not mistaken for done), or after
 * `limitMs`. Ending the pool under a running request would fail its next query.
 */
async function waitUntilIdle(pool: pg.Pool, limitMs: number): Promise<void> {
  const deadline = Date.now() + limitMs;
  let quietChecks = 0;
  while (quietChecks < 2 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, IDLE_CHECK_MS));
    const idle = pool.idleCount === pool.totalCount && pool.waitingCount === 0;
    quietChecks = idle ? quietChecks + 1 : 0;
  }
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  // A database that does not answer fails a request after this long (503, see db/unavailable.ts)
  // instead of holding it until the client gives up.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // An idle connection that the server drops (restart, failover, a dropped test database) is
  // discarded by the pool and replaced on the next query; without a listener it would crash the process.
  pool.on('error', () => {});
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder }),
    close: async () => {
      await waitUntilIdle(pool, CLOSE_WAIT_MS);
      await pool.end();
    },
  };
}
