import { fork } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { Pool } from 'pg';
import { CODE_DIR, CODE_EXTENSION, SERVER_PACKAGE_DIR } from '../paths.js';
import { EMBEDDED_TEMPLATE_FILE, unpackEmbeddedTemplate } from './embedded-template.js';
import { acquireFolderLock } from './folder-lock.js';
import { guardedClientClass } from './guarded-client.js';
import { NOTIFY_CHANNELS } from './notify-channels.js';
import * as schema from './schema.js';

type Schema = typeof schema;
/** The drizzle database, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything a repository can run a query on: the database or an open transaction. */
export type Queryable = Db | Tx;

export interface Database {
  readonly db: Db;
  readonly kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Hears the database's notifications on `channel` (NOTIFY, sent at commit) until the returned
   * function stops it. Resolves once listening. `onLost` is called, once, if the listening
   * connection goes (nothing more is heard then; listen again).
   */
  listen(channel: string, handlers: { onNotify(payload: string): void; onLost(error: Error): void }): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = path.join(SERVER_PACKAGE_DIR, 'drizzle');

/** The embedded database's shared_buffers unless PGLITE_SHARED_BUFFERS says otherwise (see pgliteStartParams). */
const DEFAULT_PGLITE_SHARED_BUFFERS = '16MB';

export interface EmbeddedOptions {
  /** shared_buffers of the embedded database (a PostgreSQL size: "16MB"); default DEFAULT_PGLITE_SHARED_BUFFERS. */
  sharedBuffers?: string;
  /** The template a new folder is unpacked from (see embedded-template.ts); without it the folder is made by initdb. */
  template?: string;
}

/** Opens PostgreSQL through a pool when `databaseUrl` is set, else the embedded PGlite. */
export async function openDatabase(options: {
  databaseUrl: string | null;
  /** Folder for the embedded database; null keeps it in memory (tests). */
  pgliteDir: string | null;
  poolSize?: number;
  embedded?: EmbeddedOptions;
}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.pgliteDir, options.embedded ?? {});
}

/**
 * PGlite's start parameters with the embedded database's settings (bench/README.md, "the
 * embedded start"). PGlite touches all of shared_buffers when it starts, so PostgreSQL's default
 * of 128 MB is that much resident memory; 16 MB holds a small deployment's working set. PGlite
 * has a single connection, and each allowed one reserves shared memory. The lock table is sized
 * per backend slot (connections plus PostgreSQL's own, about 32 here against 128 by default), so
 * four times the locks per transaction keeps PostgreSQL's default total.
 */
function pgliteStartParams(sharedBuffers = DEFAULT_PGLITE_SHARED_BUFFERS): string[] {
  return [
    ...PGlite.defaultStartParams,
    ...['-c', `shared_buffers=${sharedBuffers}`],
    ...['-c', 'max_connections=4'],
    ...['-c', 'max_locks_per_transaction=256'],
  ];
}

/**
 * Makes a new embedded database folder: unpacked from the build's template when there is one,
 * else (running from source without a build) by initdb and the migrations in a child process.
 */
async function createPgliteFolder(dir: string, template: string): Promise<void> {
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    throw new Error(`${dir} holds files but no database (no PG_VERSION): move it away, or restore a backup into an empty folder`);
  }
  if (existsSync(template)) {
    // An empty folder (made by hand, or a mount point's parent) is replaced by the unpacked one.
    if (existsSync(dir)) rmdirSync(dir);
    await unpackEmbeddedTemplate(dir, template);
    return;
  }
  await initPgliteFolderInChild(dir);
}

/** Creates and migrates a new embedded database folder in a child process (see create-pglite-folder.ts). */
async function initPgliteFolderInChild(dir: string): Promise<void> {
  // tsc's output of create-pglite-folder.ts when built, the source itself when run from source.
  const script = path.join(CODE_DIR, 'db', `create-pglite-folder${CODE_EXTENSION}`);
  // The server's flags are kept (tsx in development), but not a watcher or a debugger; run from
  // source by a test runner that compiles in process, the child needs tsx of its own.
  const execArgv = process.execArgv.filter((flag) => !/^--(watch|inspect)/.test(flag));
  if (script.endsWith('.ts') && !execArgv.some((flag) => flag.includes('tsx'))) execArgv.push('--import', 'tsx');
  const child = fork(script, [dir, MIGRATIONS_FOLDER], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`The embedded database could not be created in ${dir} (exit code ${code})`)),
    );
  });
}

async function openPglite(dir: string | null, embedded: EmbeddedOptions): Promise<Database> {
  // Taken before the folder is created or opened, held until close (see folder-lock.ts).
  const lock = dir ? await acquireFolderLock(dir) : null;
  let client: PGlite;
  try {
    if (dir) {
      mkdirSync(path.dirname(path.resolve(dir)), { recursive: true });
      if (!existsSync(path.join(dir, 'PG_VERSION'))) await createPgliteFolder(path.resolve(dir), embedded.template ?? EMBEDDED_TEMPLATE_FILE);
    }
    const settings = { startParams: pgliteStartParams(embedded.sharedBuffers) };
    client = dir ? new PGlite(path.resolve(dir), settings) : new PGlite(settings);
    await client.waitReady;
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER }),
    // In process: the connection cannot be lost while the database is open.
    listen: async (channel, handlers) => {
      const stop = await client.listen(channel, (payload) => handlers.onNotify(payload));
      // Closing the database ends its listeners; stopping one after that has nothing to do.
      return async () => {
        if (!client.closed) await stop();
      };
    },
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
async function waitUntilIdle(pool: Pool, limitMs: number): Promise<void> {
  const deadline = Date.now() + limitMs;
  let quietChecks = 0;
  while (quietChecks < 2 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, IDLE_CHECK_MS));
    const idle = pool.idleCount === pool.totalCount && pool.waitingCount === 0;
    quietChecks = idle ? quietChecks + 1 : 0;
  }
}

/**
 * PostgreSQL's driver and its drizzle adapter are loaded only to open PostgreSQL: the embedded
 * database starts without them (pg probes its runtime when loaded, some 30 ms of every start).
 */
async function loadPostgresDriver() {
  const [{ default: pg }, { drizzle }, { migrate }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  return { pg, drizzlePg: drizzle, migratePg: migrate };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const { pg, drizzlePg, migratePg } = await loadPostgresDriver();
  const subscribers = new Map<string, Set<(payload: string) => void>>();
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // Never an unhandled 'error', and a connection that dies while held frees its slot (see guarded-client.ts).
    Client: guardedClientClass(pg),
    // A database that does not answer fails a request after this long (503, see db/unavailable.ts)
    // instead of holding it until the client gives up.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // Every pooled connection listens too, before its first query (see notify-channels.ts); the
    // dedicated connection of `listen` hears the other processes' changes while these are busy or closed.
    onConnect: async (client) => {
      client.on('notification', (message) => {
        for (const deliver of subscribers.get(message.channel) ?? []) deliver(message.payload ?? '');
      });
      await client.query(Object.values(NOTIFY_CHANNELS).map((channel) => `LISTEN ${pg.escapeIdentifier(channel)};`).join(' '));
    },
  });
  // An idle connection that the server drops (restart, failover, a dropped test database) is
  // discarded by the pool and replaced on the next query; without a listener it would crash the process.
  pool.on('error', () => {});
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const listeners = new Set<() => Promise<void>>();
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder: MIGRATIONS_FOLDER }),
    listen: async (channel, handlers) => {
      const stopDedicated = await listenOnPostgres(url, channel, handlers, listeners);
      const deliver = (payload: string) => handlers.onNotify(payload);
      const channelSubscribers = subscribers.get(channel) ?? new Set();
      subscribers.set(channel, channelSubscribers);
      channelSubscribers.add(deliver);
      return async () => {
        channelSubscribers.delete(deliver);
        await stopDedicated();
      };
    },
    close: async () => {
      await Promise.all([...listeners].map((stop) => stop()));
      await waitUntilIdle(pool, CLOSE_WAIT_MS);
      await pool.end();
    },
  };
}

/** A connection of its own that LISTENs on `channel` (a pooled one would be handed to queries). */
async function listenOnPostgres(
  url: string,
  channel: string,
  handlers: { onNotify(payload: string): void; onLost(error: Error): void },
  listeners: Set<() => Promise<void>>,
): Promise<() => Promise<void>> {
  const { pg } = await loadPostgresDriver();
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
  let stopped = false;
  let lost = false;
  const loseOnce = (error: Error) => {
    if (stopped || lost) return;
    lost = true;
    listeners.delete(stop);
    handlers.onLost(error);
    client.end().catch(() => {});
  };
  client.on('error', loseOnce);
  client.on('end', () => loseOnce(new Error('the listening connection ended')));
  client.on('notification', (message) => {
    if (message.channel === channel) handlers.onNotify(message.payload ?? '');
  });
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    listeners.delete(stop);
    await client.end().catch(() => {});
  };
  try {
    await client.connect();
    await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
  } catch (error) {
    stopped = true;
    await client.end().catch(() => {});
    throw error;
  }
  listeners.add(stop);
  return stop;
}
