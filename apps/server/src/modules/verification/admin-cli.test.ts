import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { ADMIN_CREDENTIAL_FILE, readAdminCredential } from '../../lib/admin-credential.js';
import { manualClock } from '../../lib/clock.js';
import { openRegionDirectory } from '../regions/regions.service.js';
import { jpegWithExif } from '../../test/images.js';
import { serverDir, serverEnv, spawnServer, waitFor, type SpawnedServer } from '../../test/server-process.js';
import { submitVerification } from './verification.service.js';

const run = promisify(execFile);

/** Runs `npm run admin -- ...` the way an operator does: same entry point, same configuration. */
async function admin(dataDir: string, ...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  try {
    const { stdout, stderr } = await run(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/admin-cli.ts', ...args], {
      cwd: serverDir,
      env,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** A new embedded database folder with one user whose verification waits for a decision. */
async function prepareFolder(dataDir: string, email: string) {
  const database = await openDatabase({ databaseUrl: null, pgliteDir: path.join(dataDir, 'pg') });
  try {
    await database.migrate();
    const [user] = await database.db
      .insert(users)
      .values({ issuer: 'test', subject: `cli-${email}`, email, name: 'Cli Driver' })
      .returning();
    const photo = await jpegWithExif(300, 200);
    const result = await submitVerification(
      { db: database.db, clock: manualClock(new Date('2026-03-01T00:00:00Z')), config: testConfig(), regions: await openRegionDirectory(database.db) },
      user!.id,
      {
        files: new Map([
          ['licenseFront', photo],
          ['licenseBack', photo],
          ['insurance', photo],
        ]),
        fields: { licenseExpiration: null, insuranceExpiration: null },
      },
    );
    return { userId: user!.id, submissionId: result.submission.id };
  } finally {
    await database.close();
  }
}

describe('admin command without a running server', () => {
  let dataDir: string;
  let userId: string;
  let submissionId: string;

  const openData = () => openDatabase({ databaseUrl: null, pgliteDir: path.join(dataDir, 'pg') });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'carpool-admin-cli-'));
    ({ userId, submissionId } = await prepareFolder(dataDir, 'cli@cornell.edu'));
  }, 120_000);

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('lists pending submissions, approves one, and refuses to decide it again', async () => {
    const listed = await admin(dataDir, 'list');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(submissionId);
    expect(listed.stdout).toContain('cli@cornell.edu');

    const approved = await admin(dataDir, 'approve', submissionId);
    expect(approved.code).toBe(0);
    expect(approved.stdout).toMatch(/Approved/);

    const again = await admin(dataDir, 'reject', submissionId);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already approved/);

    expect((await admin(dataDir, 'list')).stdout).toMatch(/No pending submissions/);

    const database = await openData();
    const [row] = await database.db.select().from(users).where(eq(users.id, userId));
    await database.close();
    expect(row).toMatchObject({ verificationStatus: 'approved', driverVerified: true });
  }, 120_000);

  it('explains its usage on a wrong command or a missing id', async () => {
    const wrong = await admin(dataDir, 'promote');
    expect(wrong.code).toBe(2);
    expect(wrong.stdout).toMatch(/Usage: npm run admin/);
    const missing = await admin(dataDir, 'approve');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/needs a submission id/);
  }, 60_000);
});

describe('admin command while the server runs', () => {
  let dataDir: string;
  let userId: string;
  let submissionId: string;
  let server: SpawnedServer;
  let url: string;

  const startServer = async () => {
    server = spawnServer(serverEnv({ DATA_DIR: dataDir, HOST: '127.0.0.1' }));
    url = await waitFor(server, () => readAdminCredential(dataDir)?.url ?? null);
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'carpool-admin-live-'));
    ({ userId, submissionId } = await prepareFolder(dataDir, 'live@cornell.edu'));
    await startServer();
  }, 180_000);

  afterAll(async () => {
    await server?.stop('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  async function signIn(email: string) {
    const minted = await fetch(`${url}/api/dev/id-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, name: email.split('@')[0] }),
    });
    const { tokenId } = (await minted.json()) as { tokenId: string };
    const signedIn = await fetch(`${url}/api/auth/google`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tokenId }),
    });
    expect(signedIn.status).toBe(200);
    return (await signedIn.json()) as { id: string; token: string };
  }

  it('keeps its credential in a file only the owner can read, accepted on /api/admin/* only', async () => {
    const file = path.join(dataDir, ADMIN_CREDENTIAL_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const { token } = readAdminCredential(dataDir)!;
    const admin = await fetch(`${url}/api/admin/verifications`, { headers: { authorization: `Bearer ${token}` } });
    expect(admin.status).toBe(200);
    const elsewhere = await fetch(`${url}/api/auth/verify-token`, { headers: { authorization: `Bearer ${token}` } });
    expect(elsewhere.status).toBe(401);
    const wrong = await fetch(`${url}/api/admin/verifications`, { headers: { authorization: `Bearer ${token.slice(0, -1)}x` } });
    expect(wrong.status).toBe(401);
  });

  it('approves through the running server, and the site shows the user verified at once', async () => {
    const viewer = await signIn('viewer@cornell.edu');
    const profile = async () =>
      (await (await fetch(`${url}/api/users/${userId}`, { headers: { authorization: `Bearer ${viewer.token}` } })).json()) as {
        driverVerified: boolean;
      };
    expect((await profile()).driverVerified).toBe(false);

    const listed = await admin(dataDir, 'list');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(submissionId);

    const approved = await admin(dataDir, 'approve', submissionId);
    expect(approved.code).toBe(0);
    expect(approved.stdout).toMatch(/Approved/);
    expect((await profile()).driverVerified).toBe(true);

    const again = await admin(dataDir, 'reject', submissionId);
    expect([again.code, again.stderr]).toEqual([1, expect.stringMatching(/already approved/)]);
  }, 120_000);

  it('refuses a second server on the same folder, naming the folder and the owner pid, and the first keeps every write', async () => {
    const before = await Promise.all(['w1@cornell.edu', 'w2@cornell.edu', 'w3@cornell.edu'].map(signIn));
    const { pid } = readAdminCredential(dataDir)!;

    const second = spawnServer(serverEnv({ DATA_DIR: dataDir, HOST: '127.0.0.1' }));
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toContain(path.resolve(dataDir, 'pg'));
    expect(second.output()).toContain(`pid ${pid}`);

    const after = await signIn('w4@cornell.edu');
    for (const user of [...before, after]) {
      const check = await fetch(`${url}/api/auth/verify-token`, { headers: { authorization: `Bearer ${user.token}` } });
      expect(check.status).toBe(200);
    }
    expect(await server.stop()).toBe(0);
    expect(readAdminCredential(dataDir)).toBeNull();

    // Every acknowledged write is in the folder once the owner has stopped.
    const database = await openDatabase({ databaseUrl: null, pgliteDir: path.join(dataDir, 'pg') });
    const rows = await database.db.select({ id: users.id, verified: users.driverVerified }).from(users);
    await database.close();
    expect(rows.map((row) => row.id)).toEqual(expect.arrayContaining([...before, after].map((user) => user.id)));
    expect(rows.find((row) => row.id === userId)?.verified).toBe(true);
  }, 180_000);

  it('opens the database itself after a killed server (stale credential and lock)', async () => {
    await startServer();
    expect(await server.stop('SIGKILL')).toBeNull();
    expect(readAdminCredential(dataDir)).not.toBeNull();
    const listed = await admin(dataDir, 'list', 'approved');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(submissionId);
  }, 180_000);
});
