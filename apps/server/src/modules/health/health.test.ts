import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { HealthDto } from '@carpool/shared/schemas/health';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/harness.js';
import { pause } from '../../test/socket-client.js';

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

/** A Redis of this test's own, so that stopping it disturbs nobody else. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('spawn', () => resolve());
  });
  return child;
}

async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

const hasRedisServer = await new Promise<boolean>((resolve) => {
  const probe = spawn('redis-server', ['--version'], { stdio: 'ignore' });
  probe.once('error', () => resolve(false));
  probe.once('exit', (code) => resolve(code === 0));
});
if (!hasRedisServer) console.warn('health with Redis: skipped, redis-server is not installed');

describeEachDatabase('GET /api/health', (kind) => {
  it('answers ok with the database and its latency, and no Redis entry when Redis is not configured', async () => {
    const t = await createTestApp(kind);
    try {
      const res = await t.call({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      const body = res.json<HealthDto>();
      expect(body).toEqual({ status: 'ok', database: kind, checks: { database: { status: 'up', latencyMs: expect.any(Number) } } });
    } finally {
      await t.close();
    }
  });

  it('answers 503 down, with Retry-After, when the database is unreachable', async () => {
    const t = await createTestApp(kind);
    await t.database.close();
    try {
      const res = await t.call({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json<HealthDto>()).toMatchObject({ status: 'down', database: kind, checks: { database: { status: 'down' } } });
    } finally {
      await t.app.close();
    }
  });
});

describe.skipIf(!hasRedisServer)('GET /api/health with Redis', () => {
  let redis: ChildProcess;
  let port: number;
  let t: TestApp;

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    t = await createTestApp('pglite', { config: { redisUrl: `redis://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await t?.close();
    if (redis) await stopRedis(redis);
  });

  const health = async () => {
    const res = await t.call({ method: 'GET', url: '/api/health' });
    return { statusCode: res.statusCode, body: res.json<HealthDto>() };
  };

  it('is ok with Redis up, degraded (still 200) while it is down, and ok again once it is back', async () => {
    await expect.poll(async () => (await health()).body.checks.redis?.status, { timeout: 10_000 }).toBe('up');
    expect(await health()).toMatchObject({ statusCode: 200, body: { status: 'ok', checks: { redis: { status: 'up', latencyMs: expect.any(Number) } } } });

    await stopRedis(redis);
    const started = Date.now();
    const down = await health();
    expect(down).toMatchObject({ statusCode: 200, body: { status: 'degraded', checks: { database: { status: 'up' }, redis: { status: 'down' } } } });
    // A load balancer's probe must not hang on a dead dependency.
    expect(Date.now() - started).toBeLessThan(2_500);

    redis = await startRedis(port);
    await expect.poll(async () => (await health()).body.status, { timeout: 15_000, interval: 250 }).toBe('ok');
    await pause(0);
  });
});
