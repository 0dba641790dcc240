import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { manualClock } from '../../lib/clock.js';
import { jpegWithExif } from '../../test/images.js';
import { submitVerification } from './verification.service.js';

const run = promisify(execFile);
const serverDir = fileURLToPath(new URL('../../..', import.meta.url));

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

describe('admin command', () => {
  let dataDir: string;
  let userId: string;
  let submissionId: string;

  const openData = () => openDatabase({ databaseUrl: null, pgliteDir: path.join(dataDir, 'pg') });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'carpool-admin-cli-'));
    const database = await openData();
    await database.migrate();
    const [user] = await database.db
      .insert(users)
      .values({ issuer: 'test', subject: 'cli-user', email: 'cli@cornell.edu', name: 'Cli Driver' })
      .returning();
    userId = user!.id;
    const photo = await jpegWithExif(300, 200);
    const result = await submitVerification(
      { db: database.db, clock: manualClock(new Date('2026-03-01T00:00:00Z')), config: testConfig() },
      userId,
      {
        files: new Map([
          ['licenseFront', photo],
          ['licenseBack', photo],
          ['insurance', photo],
        ]),
        fields: { licenseExpiration: null, insuranceExpiration: null },
      },
    );
    submissionId = result.submission.id;
    await database.close();
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
