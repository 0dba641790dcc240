import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pause } from './socket-client.js';

/** The folder of PostgreSQL's server programs (initdb, postgres), or null where none is installed. */
function findServerBinaries(): string | null {
  const fromConfig = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  const candidates = fromConfig.status === 0 ? [fromConfig.stdout.trim()] : [];
  const debianRoot = '/usr/lib/postgresql';
  if (existsSync(debianRoot)) {
    // Debian installs each major version beside the others; the newest first.
    const versions = readdirSync(debianRoot).sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => path.join(debianRoot, version, 'bin')));
  }
  return candidates.find((dir) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'postgres'))) ?? null;
}

const binaries = findServerBinaries();

/**
 * PostgreSQL refuses to run as root: as root, its programs run as the `postgres` user that the
 * Debian package creates.
 */
function serverUser(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) return null;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

const user = serverUser();

/** Whether a PostgreSQL of a test's own can be made here (its programs, and a user to run them as). */
export const postgresServerAvailable = binaries !== null && (process.getuid?.() !== 0 || user !== null);

/**
 * A PostgreSQL server of the test's own: a new cluster (initdb) in a temporary folder, on a port the
 * test picked, started, stopped and killed by the test, so that the machine's shared server is never
 * touched. Durability is off (fsync), as it is a throwaway cluster; a crash is still recovered from
 * the WAL on the next start, as a real server does.
 */
export class OwnPostgresServer {
  private child: ChildProcess | null = null;
  private exited: Promise<void> | null = null;
  private output = '';
  readonly dataDir: string;

  constructor(readonly port: number) {
    this.dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'carpool-pg-')), 'data');
  }

  get url() {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  /** The URL of one of its databases. */
  databaseUrl(name: string) {
    return `postgres://postgres@127.0.0.1:${this.port}/${name}`;
  }

  private spawnOptions(): SpawnOptions {
    return { ...(user ? { uid: user.uid, gid: user.gid } : {}), env: { ...process.env, LC_ALL: 'C' } };
  }

  /** Creates the cluster (once) and starts the server; resolves when it accepts connections. */
  async start() {
    if (!binaries) throw new Error('PostgreSQL server programs are not installed');
    const parent = path.dirname(this.dataDir);
    if (!existsSync(this.dataDir)) {
      if (user) chownSync(parent, user.uid, user.gid);
      const init = spawnSync(path.join(binaries, 'initdb'), ['-D', this.dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'], {
        ...this.spawnOptions(),
        encoding: 'utf8',
      });
      if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
    }
    const args = ['-D', this.dataDir, '-p', String(this.port), '-k', parent, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off'];
    args.push('-c', 'max_connections=60', '-c', 'shared_buffers=32MB');
    // Its own process group: a kill reaches the postmaster and every backend at once, as when the
    // machine or container under it dies.
    const child = spawn(path.join(binaries, 'postgres'), args, { ...this.spawnOptions(), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    this.child = child;
    this.output = '';
    child.stdout!.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    // Its own process group outlives the test process: a test run that dies takes it along.
    const killOnExit = () => {
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
    };
    process.once('exit', killOnExit);
    child.once('exit', () => process.off('exit', killOnExit));
    const deadline = Date.now() + 30_000;
    while (!(await this.accepts())) {
      if (child.exitCode !== null) throw new Error(`postgres exited with ${child.exitCode}:\n${this.output}`);
      if (Date.now() > deadline) throw new Error(`postgres did not accept connections within 30 s:\n${this.output}`);
      await pause(50);
    }
  }

  private async accepts(): Promise<boolean> {
    const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: 1_000 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => {});
    }
  }

  /** Runs one statement as the superuser on the given database (default `postgres`). */
  async sql(statement: string, database = 'postgres') {
    const client = new pg.Client({ connectionString: this.databaseUrl(database) });
    client.on('error', () => {});
    await client.connect();
    try {
      return await client.query(statement);
    } finally {
      await client.end().catch(() => {});
    }
  }

  /** SIGKILL to the postmaster and all its backends: a crash; the next start recovers from the WAL. */
  async kill() {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    process.kill(-child.pid!, 'SIGKILL');
    await this.exited;
    this.child = null;
  }

  /** A fast shutdown (SIGINT), then the cluster's folder is removed. */
  async destroy() {
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGINT');
      await Promise.race([this.exited, pause(10_000)]);
      if (child.exitCode === null && child.signalCode === null) await this.kill();
    }
    this.child = null;
    rmSync(path.dirname(this.dataDir), { recursive: true, force: true });
  }

  logs() {
    return this.output;
  }
}
