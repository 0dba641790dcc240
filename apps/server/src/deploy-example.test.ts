import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RideMessage } from '@carpool/shared/schemas/messages';
import type { SignedInUser } from '@carpool/shared/schemas/users';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './db/client.js';
import { MESSAGE_RATE_LIMIT } from './plugins/message-rate-limit.js';
import { insertBooking, insertRide } from './test/messaging-fixtures.js';
import { joinRideChat, openSocket, pause, type ClientSocket } from './test/socket-client.js';

/**
 * The deployment example of deploy/, run as an operator would: deploy/start.mjs starts nginx in
 * front of two server processes on one PostgreSQL and one Redis (a Redis of this test's own).
 * Two people chat about a ride through nginx while the processes restart one after the other.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const hasNginx = ['nginx', '/usr/sbin/nginx'].some((bin) => spawnSync(bin, ['-v'], { stdio: 'ignore' }).status === 0);
const hasRedis = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
const missing = [!hasNginx && 'nginx (apt-get install nginx)', !hasRedis && 'redis-server', !adminUrl && 'TEST_DATABASE_URL'].filter(Boolean);
const title = 'deployment example: nginx, two server processes, one PostgreSQL, one Redis';
if (missing.length > 0) console.warn(`${title}: skipped, missing ${missing.join(', ')}`);

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const STARTUP_TIMEOUT_MS = 120_000;

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

/** deploy/start.mjs as a child process; its status lines are read from standard output. */
class Deployment {
  readonly child: ChildProcess;
  private out = '';
  private err = '';

  constructor(env: Record<string, string>) {
    this.child = spawn(process.execPath, ['deploy/start.mjs'], { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child.stdout!.on('data', (chunk: Buffer) => (this.out += chunk.toString()));
    this.child.stderr!.on('data', (chunk: Buffer) => (this.err += chunk.toString()));
  }

  /** Waits for a status line matching `pattern` among those after the first `skip` matches. */
  async line(pattern: RegExp, skip = 0, timeoutMs = STARTUP_TIMEOUT_MS): Promise<RegExpMatchArray> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const matches = [...this.out.matchAll(new RegExp(pattern.source, 'g'))];
      if (matches.length > skip) return matches[skip]!;
      if (this.child.exitCode !== null) break;
      await pause(100);
    }
    throw new Error(`no line ${pattern} from deploy/start.mjs:\n${this.out}\n${this.err.slice(-4000)}`);
  }

  count(pattern: RegExp): number {
    return [...this.out.matchAll(new RegExp(pattern.source, 'g'))].length;
  }

  async stop() {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    await exited;
  }
}

describe.skipIf(missing.length > 0)(title, () => {
  const databaseName = `carpool_deploy_${randomBytes(6).toString('hex')}`;
  let redis: ChildProcess;
  let deployment: Deployment;
  let proxyUrl: string;
  let database: Database;
  const sockets: ClientSocket[] = [];

  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };

  async function api<T>(method: string, url: string, token?: string, body?: unknown): Promise<T> {
    const send = () =>
      fetch(`${proxyUrl}${url}`, {
        method,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    let res: Response;
    try {
      res = await send();
    } catch (error) {
      // A reload of nginx closes its idle kept-alive connections; a request sent on one at that
      // moment finds it closed before any answer. Browsers send such a request again on a new
      // connection, whatever its method, and so does this client, once. Any other failure fails.
      if ((error as { cause?: { code?: string } }).cause?.code !== 'UND_ERR_SOCKET') throw error;
      res = await send();
    }
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url} through nginx: ${res.status} ${text}`);
    return JSON.parse(text) as T;
  }

  beforeAll(async () => {
    await admin(`create database ${databaseName}`);
    const databaseUrl = new URL(adminUrl!);
    databaseUrl.pathname = `/${databaseName}`;
    const redisPort = await freePort();
    redis = spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    deployment = new Deployment({
      DATABASE_URL: databaseUrl.toString(),
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      SERVER_FROM_SOURCE: '1',
      AUTH_MODE: 'dev',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '0',
      JOBS_ENABLED: 'false',
    });
    proxyUrl = (await deployment.line(/carpool is up at (http:\/\/127\.0\.0\.1:\d+)/))[1]!;
    database = await openDatabase({ databaseUrl: databaseUrl.toString(), pgliteDir: null, poolSize: 2 });
  }, STARTUP_TIMEOUT_MS);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await database?.close();
    await deployment?.stop();
    redis?.kill('SIGKILL');
    if (adminUrl) await admin(`drop database if exists ${databaseName} with (force)`);
  }, 60_000);

  it('answers the API through nginx, with health, and keeps /metrics from outside', async () => {
    const health = await fetch(`${proxyUrl}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'postgres', checks: { redis: { status: 'up' } } });
    expect((await fetch(`${proxyUrl}/metrics`)).status).toBe(404);
  });

  // The build is there in CI (the floor step builds before the tests) and after `npm run build`.
  const webDist = path.join(repoRoot, 'apps/web/dist');
  it.skipIf(!existsSync(path.join(webDist, 'index.html')))('serves the web build from the disk, pages from the servers', async () => {
    const asset = readdirSync(path.join(webDist, 'assets')).find((file) => file.endsWith('.js'))!;
    const file = await fetch(`${proxyUrl}/assets/${asset}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(file.status).toBe(200);
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // Every answer of the servers carries its request id; nginx's own do not.
    expect(file.headers.get('x-request-id')).toBeNull();
    expect(await file.text()).toBe(readFileSync(path.join(webDist, 'assets', asset), 'utf8'));
    const worker = await fetch(`${proxyUrl}/sw.js`);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    expect(worker.headers.get('x-request-id')).toBeNull();
    const page = await fetch(`${proxyUrl}/nj/my-rides`);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-request-id')).not.toBeNull();
    expect(await page.text()).toContain('<div id="root">');
    expect((await fetch(`${proxyUrl}/assets/gone-000000.js`)).status).toBe(404);
  });

  it('carries a ride chat between two socket clients while the server processes restart, without a failed request', async () => {
    const signIn = async (email: string, name: string) => {
      const { tokenId } = await api<{ tokenId: string }>('POST', '/api/dev/id-token', undefined, { email, name });
      return api<SignedInUser>('POST', '/api/auth/google', undefined, { tokenId });
    };
    const driver = await signIn('deploy-driver@cornell.edu', 'Dana Driver');
    const passenger = await signIn('deploy-passenger@cornell.edu', 'Pat Passenger');
    const rideId = await insertRide(database.db, driver.id);
    await insertBooking(database.db, rideId, passenger.id, 'confirmed');

    /** A client as the web app runs it: reconnects, joins the ride's chat on every connection. */
    function chatClient(user: SignedInUser) {
      const socket = openSocket(proxyUrl, { auth: { token: user.token }, reconnection: true, reconnectionDelay: 200, reconnectionDelayMax: 1000 });
      sockets.push(socket);
      const live = new Map<string, RideMessage>();
      socket.on('new-message', (message) => live.set(message.id, message));
      const joined = new Promise<void>((resolve) => {
        socket.on('connect', () => {
          void joinRideChat(socket, rideId).then((result) => {
            if (result.ok) resolve();
          });
        });
      });
      return { socket, live, joined };
    }
    const drivers = chatClient(driver);
    const passengers = chatClient(passenger);
    await Promise.all([drivers.joined, passengers.joined]);

    const sent: { message: RideMessage; to: ReturnType<typeof chatClient> }[] = [];
    const exchange = async (count: number, label: string) => {
      for (let i = 0; i < count; i += 1) {
        const [from, to] = i % 2 === 0 ? [driver, passengers] : [passenger, drivers];
        const message = await api<RideMessage>('POST', '/api/messages/send', from.token, { rideId, content: `${label} ${i}` });
        sent.push({ message, to });
        // Well under the per-user message limit.
        await pause(Math.ceil(MESSAGE_RATE_LIMIT.windowMs / MESSAGE_RATE_LIMIT.maxPerWindow) + 50);
      }
    };

    await exchange(4, 'before');
    // The operator's restart (a new release, say): each process in turn leaves nginx, drains,
    // starts again and comes back. The chat goes on meanwhile, and no request fails.
    const startsBefore = deployment.count(/server \d \(port \d+\) started/);
    deployment.child.kill('SIGHUP');
    await deployment.line(/rolling restart: server 1 out of nginx/);
    let round = 0;
    while (deployment.count(/rolling restart done/) === 0) {
      await exchange(2, `during ${round}`);
      round += 1;
      expect(round, 'the rolling restart ends').toBeLessThan(200);
    }
    expect(deployment.count(/server \d \(port \d+\) started/)).toBe(startsBefore + 2);
    const after = sent.length;
    await exchange(6, 'after');

    // Every message is with its reader: live, or (for one sent while that reader's socket was
    // reconnecting) in the history the web app fetches after reconnecting.
    const histories = new Map<ReturnType<typeof chatClient>, RideMessage[]>([
      [drivers, await api<RideMessage[]>('GET', `/api/messages/ride/${rideId}`, driver.token)],
      [passengers, await api<RideMessage[]>('GET', `/api/messages/ride/${rideId}`, passenger.token)],
    ]);
    for (const { message, to } of sent) {
      const found = to.live.has(message.id) || histories.get(to)!.some((item) => item.id === message.id);
      expect(found, `${message.content} reached its reader`).toBe(true);
    }
    // Once the processes are back, the chat is live on both sides.
    await expect
      .poll(() => sent.slice(after).every(({ message, to }) => to.live.has(message.id)), { timeout: 5_000 })
      .toBe(true);
    expect(drivers.socket.connected && passengers.socket.connected).toBe(true);
  }, 90_000);
});
