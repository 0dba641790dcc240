import { execFile as execFileCallback } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync, chmodSync, openSync, readSync, closeSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import type { Client } from 'pg';
import type { Database } from './client.js';

const execFile = promisify(execFileCallback);

/** A backup or restore that cannot go on, with the sentence that tells the operator why. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** What a backup file holds, told by its first bytes. */
type BackupKind = 'pglite' | 'postgres';

/** pg_dump's custom format starts with these bytes; the embedded dump is a gzip'd tar of the data folder. */
const PG_DUMP_MAGIC = Buffer.from('PGDMP');
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

function backupKindOf(file: string): BackupKind {
  if (!existsSync(file)) throw new BackupError(`No backup file at ${file}`);
  const head = Buffer.alloc(5);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  if (head.equals(PG_DUMP_MAGIC)) return 'postgres';
  if (head.subarray(0, 2).equals(GZIP_MAGIC)) return 'pglite';
  throw new BackupError(`${file} is not a backup of this app (neither a pg_dump custom archive nor an embedded database dump)`);
}

/** Writes beside the target and renames, so that a failed backup never leaves half a file under its name. */
function writeAtomically(file: string, bytes: Uint8Array): void {
  const partial = `${file}.partial`;
  writeFileSync(partial, bytes, { mode: 0o600 });
  renameSync(partial, file);
}

// --- Embedded database (PGlite) --------------------------------------------------------------

/**
 * A consistent copy of the embedded database's folder, taken from the process that owns it: a
 * checkpoint writes every committed change to the files, then PGlite tars the folder while no
 * other query can run (its one connection is held). A transaction open at that moment is not in
 * the copy, exactly as after a crash.
 */
export async function dumpEmbeddedDatabase(database: Database): Promise<Buffer> {
  const client = (database.db as unknown as { $client?: unknown }).$client;
  if (database.kind !== 'pglite' || !(client instanceof PGlite)) throw new BackupError('Not an embedded database');
  await client.exec('checkpoint');
  const blob = await client.dumpDataDir('gzip');
  return Buffer.from(await blob.arrayBuffer());
}

/** Backs up an embedded database folder that no server has open (the server stopped). */
export async function backupEmbeddedFolder(dir: string, file: string): Promise<void> {
  if (!existsSync(path.join(dir, 'PG_VERSION'))) throw new BackupError(`No embedded database in ${dir}`);
  const client = new PGlite(path.resolve(dir));
  try {
    await client.waitReady;
    await client.exec('checkpoint');
    const blob = await client.dumpDataDir('gzip');
    writeAtomically(file, Buffer.from(await blob.arrayBuffer()));
  } finally {
    await client.close();
  }
}

/** Writes a dump received from the running server. */
export function writeBackupFile(file: string, bytes: Uint8Array): void {
  writeAtomically(file, bytes);
}

/**
 * Restores an embedded dump into `dir`, which must be missing or empty: a restore never mixes
 * with, or silently replaces, a database that is there.
 */
export async function restoreEmbeddedFolder(dir: string, file: string): Promise<void> {
  const kind = backupKindOf(file);
  if (kind !== 'pglite') {
    throw new BackupError(`${file} is a PostgreSQL backup (pg_dump): restore it with DATABASE_URL set to an empty PostgreSQL database`);
  }
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    throw new BackupError(
      `The embedded database folder ${dir} is not empty: restore only into an empty folder (move it away, or set DATA_DIR to a new folder)`,
    );
  }
  const client = new PGlite(path.resolve(dir), { loadDataDir: new Blob([readFileSync(file)]) });
  try {
    await client.waitReady;
    // Reading a table proves the folder opens as a database, before anyone relies on it.
    await client.query('select count(*) from pg_class');
  } catch (error) {
    await client.close().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
    throw new BackupError(`The backup ${file} could not be restored: ${error instanceof Error ? error.message : String(error)}`);
  }
  await client.close();
}

// --- PostgreSQL ------------------------------------------------------------------------------

/** The connection of a URL as libpq variables: the password stays out of the process list. */
function libpqEnv(databaseUrl: string): NodeJS.ProcessEnv {
  const url = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = { ...process.env, PGHOST: url.hostname.replace(/^\[|\]$/g, ''), PGDATABASE: decodeURIComponent(url.pathname.slice(1)) };
  if (url.port) env.PGPORT = url.port;
  if (url.username) env.PGUSER = decodeURIComponent(url.username);
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  const sslmode = url.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

async function majorVersionOf(binary: string): Promise<number | null> {
  try {
    const { stdout } = await execFile(binary, ['--version']);
    const match = /(\d+)(?:\.\d+)?/.exec(stdout.replace(/^[^)]*\)/, ''));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/**
 * The pg_dump or pg_restore to use with a server of `serverMajor`: they refuse a server newer than
 * themselves, and Debian installs one set per version under /usr/lib/postgresql/<version>/bin.
 * The one on the PATH first, then the versioned ones, the oldest that is new enough.
 */
async function findTool(tool: 'pg_dump' | 'pg_restore', serverMajor: number): Promise<string> {
  const candidates: string[] = [tool];
  const debianRoot = '/usr/lib/postgresql';
  if (existsSync(debianRoot)) {
    const versions = readdirSync(debianRoot).filter((name) => /^\d+$/.test(name)).map(Number).sort((a, b) => a - b);
    for (const version of versions) candidates.push(path.join(debianRoot, String(version), 'bin', tool));
  }
  const found: string[] = [];
  for (const candidate of candidates) {
    const major = await majorVersionOf(candidate);
    if (major === null) continue;
    found.push(`${candidate} (${major})`);
    if (major >= serverMajor) return candidate;
  }
  throw new BackupError(
    found.length === 0
      ? `${tool} is not installed: install the PostgreSQL client tools (Debian: apt-get install postgresql-client)`
      : `The database server is PostgreSQL ${serverMajor}, newer than every ${tool} found (${found.join(', ')}): install the client tools of version ${serverMajor} or later`,
  );
}

async function withClient<T>(databaseUrl: string, run: (client: Client) => Promise<T>): Promise<T> {
  // Loaded here: the server imports this module for the embedded database's backups too.
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  // A connection that the server ends between two queries fails the next query; without a
  // listener its 'error' would end the command with a stack trace instead of that message.
  client.on('error', () => {});
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const serverMajorOf = (client: Client) =>
  client.query<{ version: string }>("select current_setting('server_version_num') as version").then((result) => Math.floor(Number(result.rows[0]!.version) / 10_000));

/** pg_dump in its custom format (compressed, restorable table by table with pg_restore). */
export async function backupPostgres(databaseUrl: string, file: string): Promise<void> {
  const serverMajor = await withClient(databaseUrl, serverMajorOf);
  const pgDump = await findTool('pg_dump', serverMajor);
  const partial = `${file}.partial`;
  try {
    await execFile(pgDump, ['--format=custom', '--no-owner', '--no-privileges', `--file=${partial}`], { env: libpqEnv(databaseUrl) });
  } catch (error) {
    rmSync(partial, { force: true });
    throw new BackupError(`pg_dump failed: ${(error as { stderr?: string }).stderr?.trim() || (error as Error).message}`);
  }
  chmodSync(partial, 0o600);
  renameSync(partial, file);
}

/** The tables of a database, outside PostgreSQL's own schemas (the app's and the migrations' journal). */
async function userTables(client: Client): Promise<string[]> {
  const result = await client.query<{ name: string }>(
    `select schemaname || '.' || tablename as name from pg_tables
     where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  );
  return result.rows.map((row) => row.name);
}

/** Restores a pg_dump archive into an empty database, in one transaction: all of it or nothing. */
export async function restorePostgres(databaseUrl: string, file: string): Promise<void> {
  const kind = backupKindOf(file);
  if (kind !== 'postgres') {
    throw new BackupError(`${file} is a backup of the embedded database: restore it without DATABASE_URL (into an empty DATA_DIR)`);
  }
  const { serverMajor, tables } = await withClient(databaseUrl, async (client) => ({
    serverMajor: await serverMajorOf(client),
    tables: await userTables(client),
  }));
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  if (tables.length > 0) {
    throw new BackupError(
      `The database "${name}" is not empty (${tables.length} tables, for example ${tables[0]}): restore only into an empty database (createdb a new one and point DATABASE_URL at it)`,
    );
  }
  const pgRestore = await findTool('pg_restore', serverMajor);
  try {
    await execFile(pgRestore, ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${name}`, file], {
      env: libpqEnv(databaseUrl),
    });
  } catch (error) {
    throw new BackupError(`pg_restore failed, nothing was restored: ${(error as { stderr?: string }).stderr?.trim() || (error as Error).message}`);
  }
}
