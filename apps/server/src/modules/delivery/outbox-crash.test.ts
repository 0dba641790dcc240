import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rideBody } from '../../test/ride-fixtures.js';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp.js';

/**
 * A real server process killed (SIGKILL) after a booking committed and before its e-mail went out
 * (the first process waits OUTBOX_START_DELAY_MS before sending anything); the restarted process
 * sends it, once. Runs on PostgreSQL (TEST_DATABASE_URL): the embedded database is not meant to
 * survive a killed owner halfway through a write.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const serverDir = fileURLToPath(new URL('../../..', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function startServer(port: number, env: Record<string, string>): Promise<{ child: ChildProcess; output: () => string }> {
  let output = '';
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return { child, output: () => output };
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start:\n${output}`);
}

async function stop(child: ChildProcess, signal: 'SIGKILL' | 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  await exited;
}

describe.skipIf(!adminUrl)('notification outbox across a crash (PostgreSQL)', () => {
  const databaseName = `carpool_crash_${randomBytes(6).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'carpool-crash-'));
  let smtp: TestSmtpServer;
  let databaseUrl: string;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    const url = new URL(adminUrl!);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }, 60_000);

  afterAll(async () => {
    for (const child of children) await stop(child, 'SIGKILL');
    await smtp.close();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('sends the e-mail of a booking committed before a SIGKILL exactly once after the restart', async () => {
    const port = await freePort();
    const env = {
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'warn',
      JOBS_ENABLED: '0',
      RATE_LIMIT_PER_MINUTE: '0',
      OUTBOX_POLL_MS: '100',
      REDIS_URL: '',
    };
    const first = await startServer(port, { ...env, OUTBOX_START_DELAY_MS: '600000' });
    children.push(first.child);
    const base = `http://127.0.0.1:${port}`;
    const call = async (method: string, url: string, token?: string, body?: unknown) => {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
      return JSON.parse(text) as Record<string, unknown> & { token: string; id: string };
    };
    const signIn = async (email: string, name: string) => {
      const { tokenId } = (await call('POST', '/api/dev/id-token', undefined, { email, name })) as unknown as { tokenId: string };
      return call('POST', '/api/auth/google', undefined, { tokenId });
    };
    const driver = await signIn('crash.driver@cornell.edu', 'Driver');
    const passenger = await signIn('crash.passenger@cornell.edu', 'Passenger');
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();
    const ride = await call('POST', '/api/rides', driver.token, rideBody({ date: tomorrow.slice(0, 10), time: '12:00' }));
    await call('POST', '/api/bookings/bookRide', passenger.token, { rideId: ride.id, seats: 1, suitcases: 0, paymentIntentId: 'NO_STRIPE' });

    // The booking is committed; the first process never got to send its e-mail.
    await sleep(300);
    await stop(first.child, 'SIGKILL');
    expect(smtp.mails).toHaveLength(0);

    const second = await startServer(port, { ...env, OUTBOX_START_DELAY_MS: '0' });
    children.push(second.child);
    const deadline = Date.now() + 30_000;
    while (smtp.mails.length === 0 && Date.now() < deadline) await sleep(100);
    // Give a duplicate every chance to show up.
    await sleep(1500);
    expect(smtp.mailsTo('crash.driver@cornell.edu')).toHaveLength(1);
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]!.subject).toContain('New booking request');
    await stop(second.child, 'SIGTERM');
  }, 240_000);
});
