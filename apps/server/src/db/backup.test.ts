import { execFile as execFileCallback } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { testConfig } from '../config.js';
import { manualClock } from '../lib/clock.js';
import { testLogger } from '../test/error-logs.js';
import { serverDir, serverEnv, spawnServer } from '../test/server-process.js';
import { localUrl, newAdminToken, readAdminCredential, removeAdminCredential, runningServer, writeAdminCredential } from '../lib/admin-credential.js';
import { createDevIdentityProvider } from '../modules/auth/dev-idp.js';
import { smallPng } from '../test/images.js';
import { multipartRequest } from '../test/multipart.js';
import { RIDES_TEST_START, rideBody } from '../test/ride-fixtures.js';
import { runBackupCommand } from './backup-command.js';
import { BackupError } from './backup.js';
import { openDatabase, type Database } from './client.js';

const BACKUP_TEST_TIMEOUT_MS = 180_000;
const execFile = promisify(execFileCallback);

/** Every row of every table (the app's and the migrations' journal), as text, sorted: equal snapshots mean nothing was lost. */
async function snapshot(database: Database): Promise<Record<string, string[]>> {
  const query = async <T>(text: string) => ((await database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
  const tables = await query<{ name: string }>(
    `select quote_ident(schemaname) || '.' || quote_ident(tablename) as name from pg_tables
     where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  );
  const result: Record<string, string[]> = {};
  for (const { name } of tables) {
    const rows = await query<{ row: string }>(`select to_jsonb(t)::text as row from ${name} t`);
    result[name] = rows.map((row) => row.row).sort();
  }
  return result;
}

/** Writes through the API what a few days of use would: users, a ride, a booking, an uploaded image (bytes in the files table). */
async function populate(app: FastifyInstance): Promise<{ avatarUrl: string; avatarBytes: Buffer }> {
  const call = async (options: InjectOptions, token?: string) => {
    const res = await app.inject({ ...options, headers: { ...options.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
    if (res.statusCode >= 300) throw new Error(`${options.method} ${options.url}: ${res.statusCode} ${res.body}`);
    return res;
  };
  const signIn = async (email: string) => {
    const { tokenId } = (await call({ method: 'POST', url: '/api/dev/id-token', payload: { email, name: email.split('@')[0] } })).json<{ tokenId: string }>();
    return (await call({ method: 'POST', url: '/api/auth/google', payload: { tokenId } })).json<{ token: string }>().token;
  };
  const driver = await signIn('backup-driver@cornell.edu');
  const passenger = await signIn('backup-passenger@cornell.edu');
  const ride = (await call({ method: 'POST', url: '/api/rides', payload: rideBody() }, driver)).json<{ id: string }>();
  await call({ method: 'POST', url: '/api/bookings/bookRide', payload: { rideId: ride.id, seats: 1, suitcases: 1, paymentIntentId: 'NO_STRIPE' } }, passenger);
  const form = await multipartRequest({ image: { bytes: await smallPng(), filename: 'me.png', type: 'image/png' } });
  const avatarUrl = (await call({ method: 'POST', url: '/api/users/upload-image', ...form }, passenger)).json<{ avatar: string }>().avatar;
  const avatarBytes = (await call({ method: 'GET', url: avatarUrl }, passenger)).rawPayload;
  return { avatarUrl, avatarBytes };
}

async function startApp(database: Database, machineCredential?: string): Promise<FastifyInstance> {
  const clock = manualClock(RIDES_TEST_START);
  const devIdp = await createDevIdentityProvider({ dataDir: null, clock });
  const config = testConfig({ allowedEmailDomains: ['cornell.edu'] });
  const app = await buildApp({ config, database, clock, logger: testLogger(), devIdp, ...(machineCredential ? { machineCredential } : {}) });
  await app.ready();
  return app;
}

describe('backup and restore of the embedded database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'carpool-backup-'));
  const file = path.join(dataDir, 'embedded.backup');
  const env = { NODE_ENV: 'test', DATA_DIR: dataDir };
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it(
    'backs up through the running server, refuses to restore over a database, restores into an empty folder with every row and file',
    async () => {
      const database = await openDatabase({ databaseUrl: null, pgliteDir: path.join(dataDir, 'pg') });
      await database.migrate();
      const credential = newAdminToken();
      const app = await startApp(database, credential);
      let before: Record<string, string[]>;
      let avatar: { avatarUrl: string; avatarBytes: Buffer };
      try {
        await app.listen({ port: 0, host: '127.0.0.1' });
        writeAdminCredential(dataDir, { pid: process.pid, url: localUrl('127.0.0.1', (app.server.address() as AddressInfo).port), token: credential });
        avatar = await populate(app);
        before = await snapshot(database);

        // The running server owns the folder: the backup comes from it, and only for its token.
        expect(await runBackupCommand('backup', file, env)).toMatch(/through the running server/);
        const refused = await fetch(`${readAdminCredential(dataDir)!.url}/api/ops/backup`, { headers: { authorization: 'Bearer wrong' } });
        expect(refused.status).toBe(401);
        const proxied = await app.inject({ method: 'GET', url: '/api/ops/backup', headers: { authorization: `Bearer ${credential}`, 'x-forwarded-for': '203.0.113.9' } });
        expect(proxied.statusCode).toBe(403);
        await expect(runBackupCommand('restore', file, env)).rejects.toThrow(/stop it before restoring/);
      } finally {
        removeAdminCredential(dataDir, credential);
        await app.close();
        await database.close();
      }

      await expect(runBackupCommand('restore', file, env)).rejects.toThrow(/is not empty/);
      rmSync(path.join(dataDir, 'pg'), { recursive: true });
      expect(await runBackupCommand('restore', file, env)).toMatch(/restored/);

      const restored = await openDatabase({ databaseUrl: null, pgliteDir: path.join(dataDir, 'pg') });
      const restoredApp = await startApp(restored);
      try {
        expect(await snapshot(restored)).toEqual(before);
        expect(before['public.files']).toHaveLength(1);
        expect(before['public.users']).toHaveLength(2);
        const served = await restoredApp.inject({ method: 'GET', url: avatar.avatarUrl });
        expect(served.statusCode).toBe(200);
        expect(served.rawPayload.equals(avatar.avatarBytes)).toBe(true);
        // Migrations find their journal: nothing to apply again.
        await restored.migrate();
        expect(await snapshot(restored)).toEqual(before);
      } finally {
        await restoredApp.close();
        await restored.close();
      }

      // A stopped server's folder is backed up directly.
      const direct = path.join(dataDir, 'direct.backup');
      expect(await runBackupCommand('backup', direct, env)).not.toMatch(/running server/);
      expect(existsSync(direct)).toBe(true);
    },
    BACKUP_TEST_TIMEOUT_MS,
  );

  it('refuses a file that is not a backup, and says which database a backup is for', async () => {
    const junk = path.join(dataDir, 'junk');
    writeFileSync(junk, 'hello');
    const emptyDir = mkdtempSync(path.join(tmpdir(), 'carpool-backup-empty-'));
    try {
      await expect(runBackupCommand('restore', junk, { NODE_ENV: 'test', DATA_DIR: emptyDir })).rejects.toThrow(BackupError);
      const pgDump = path.join(dataDir, 'fake.dump');
      writeFileSync(pgDump, 'PGDMP-and-more');
      await expect(runBackupCommand('restore', pgDump, { NODE_ENV: 'test', DATA_DIR: emptyDir })).rejects.toThrow(/PostgreSQL backup/);
    } finally {
      rmSync(emptyDir, { recursive: true, force: true });
    }
  });
});

describe('npm run backup while npm start runs on the embedded database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'carpool-backup-cli-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const cli = (command: string, file: string) =>
    execFile(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/backup-cli.ts', command, file], {
      cwd: serverDir,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development' },
    });

  it(
    'takes the backup through the server, whose access file only its user can read and which goes away with it',
    async () => {
      const server = spawnServer(serverEnv({ DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: 'warn' }));
      const { pid } = server.child;
      try {
        await expect.poll(() => runningServer(dataDir), { timeout: BACKUP_TEST_TIMEOUT_MS / 2, interval: 500 }).not.toBeNull();
        expect(runningServer(dataDir)!.pid).toBe(pid);
        expect(statSync(path.join(dataDir, 'admin-credential.json')).mode & 0o777).toBe(0o600);
        const file = path.join(dataDir, 'cli.backup');
        const { stdout } = await cli('backup', file);
        expect(stdout).toMatch(`through the running server, pid ${pid}`);
        await expect(cli('restore', file)).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/stop it before restoring/) });
      } finally {
        await server.stop();
      }
      expect(existsSync(path.join(dataDir, 'admin-credential.json'))).toBe(false);
    },
    BACKUP_TEST_TIMEOUT_MS,
  );
});

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) console.warn('backup and restore on PostgreSQL: skipped, set TEST_DATABASE_URL to run it');

describe.skipIf(!adminUrl)('backup and restore on PostgreSQL', () => {
  const name = `carpool_backup_${randomBytes(6).toString('hex')}`;
  const dir = mkdtempSync(path.join(tmpdir(), 'carpool-pg-backup-'));
  const file = path.join(dir, 'postgres.backup');
  const databaseUrl = (() => {
    const url = new URL(adminUrl ?? 'postgres://localhost/x');
    url.pathname = `/${name}`;
    return url.toString();
  })();
  const env = { NODE_ENV: 'test', DATABASE_URL: databaseUrl };
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  afterAll(async () => {
    await admin(`drop database if exists ${name} with (force)`);
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    'backs up with pg_dump, refuses a non-empty database, restores into an empty one with every row and file',
    async () => {
      await admin(`create database ${name}`);
      const database = await openDatabase({ databaseUrl, pgliteDir: null });
      await database.migrate();
      const app = await startApp(database);
      let before: Record<string, string[]>;
      let avatar: { avatarUrl: string; avatarBytes: Buffer };
      try {
        avatar = await populate(app);
        before = await snapshot(database);
        expect(await runBackupCommand('backup', file, env)).toMatch(/PostgreSQL backed up/);
        await expect(runBackupCommand('restore', file, env)).rejects.toThrow(new RegExp(`"${name}" is not empty`));
      } finally {
        await app.close();
        await database.close();
      }

      await admin(`drop database ${name} with (force)`);
      await admin(`create database ${name}`);
      expect(await runBackupCommand('restore', file, env)).toMatch(/restored into PostgreSQL/);

      const restored = await openDatabase({ databaseUrl, pgliteDir: null });
      const restoredApp = await startApp(restored);
      try {
        expect(await snapshot(restored)).toEqual(before);
        expect(before['public.files']).toHaveLength(1);
        const served = await restoredApp.inject({ method: 'GET', url: avatar.avatarUrl });
        expect(served.statusCode).toBe(200);
        expect(served.rawPayload.equals(avatar.avatarBytes)).toBe(true);
        await restored.migrate();
      } finally {
        await restoredApp.close();
        await restored.close();
      }
    },
    BACKUP_TEST_TIMEOUT_MS,
  );
});
