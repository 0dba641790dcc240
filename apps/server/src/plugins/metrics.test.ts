import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../test/harness.js';
import { baseUrlOf, connected, openSocket, pause } from '../test/socket-client.js';

/** The value of one sample line (`name{labels} value`), or null when the line is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | null {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => present[key] === value)) return Number(match[3]);
  }
  return null;
}

describeEachDatabase('GET /metrics', (kind) => {
  let t: TestApp;
  const webDir = mkdtempSync(path.join(tmpdir(), 'carpool-metrics-web-'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>carpool</title>');

  beforeAll(async () => {
    // The periodic job on, so that its runs are counted; the built web app present, so that the
    // route is shown to win over the web app's page fallback.
    t = await createTestApp(kind, { config: { jobsEnabled: true, webDistDir: webDir } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('answers Prometheus text with requests by route pattern and status, the database, sockets, jobs and the process', async () => {
    const user = await t.signIn('metrics@cornell.edu');
    await t.call({ method: 'GET', url: '/api/health' });
    await t.call({ method: 'GET', url: '/api/health' });
    const missingRide = '00000000-0000-4000-8000-000000000000';
    await t.call({ method: 'GET', url: `/api/rides/${missingRide}`, token: user.token });
    await t.call({ method: 'GET', url: '/rides/some/deep/link' });
    await expect.poll(async () => sample((await t.call({ method: 'GET', url: '/metrics' })).body, 'carpool_periodic_job_runs_total', { outcome: 'ran' }), { timeout: 10_000 }).toBe(1);

    const res = await t.call({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(sample(text, 'carpool_http_requests_total', { method: 'GET', route: '/api/health', status: '200' })).toBe(2);
    // The pattern, not the URL: ids never become label values.
    expect(sample(text, 'carpool_http_requests_total', { route: '/api/rides/:id', status: '404' })).toBe(1);
    expect(text).not.toContain(missingRide);
    expect(sample(text, 'carpool_http_requests_total', { route: '(unmatched)', status: '200' })).toBe(1);
    expect(sample(text, 'carpool_http_request_duration_seconds_count', { route: '/api/health', status: '200' })).toBe(2);
    expect(sample(text, 'carpool_http_request_duration_seconds_bucket', { route: '/api/health', le: '+Inf' })).toBe(2);
    expect(sample(text, 'carpool_database_info', { kind })).toBe(1);
    if (kind === 'postgres') {
      expect(sample(text, 'carpool_database_pool_connections', { state: 'in_use' })).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'carpool_database_pool_waiting')).toBe(0);
      expect(sample(text, 'carpool_database_pool_max')).toBe(10);
    }
    expect(sample(text, 'carpool_socket_connections')).toBe(0);
    expect(sample(text, 'carpool_process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'carpool_process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'carpool_nodejs_eventloop_lag_seconds')).not.toBeNull();
  });

  it('counts the open sockets', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const user = await t.signIn('sockets@cornell.edu');
    const socket = await connected(openSocket(baseUrlOf(t.app), { auth: { token: user.token } }));
    try {
      expect(sample((await t.call({ method: 'GET', url: '/metrics' })).body, 'carpool_socket_connections')).toBe(1);
    } finally {
      socket.close();
    }
    await expect.poll(async () => sample((await t.call({ method: 'GET', url: '/metrics' })).body, 'carpool_socket_connections'), { timeout: 10_000 }).toBe(0);
  });

  it('refuses a request relayed by a proxy or coming from another machine when no token is set', async () => {
    for (const headers of [{ 'x-forwarded-for': '203.0.113.9' }, { forwarded: 'for=203.0.113.9' }]) {
      const res = await t.call({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
    const remote = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(403);
    const loopbackV6 = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::1' });
    expect(loopbackV6.statusCode).toBe(200);
  });

  it('takes gauges registered by other modules, and shows one that fails as NaN', async () => {
    let depth = 3;
    t.app.metrics.registerGauge({ name: 'carpool_test_queue_depth', help: 'a queue', collect: () => depth });
    t.app.metrics.registerGauge({
      name: 'carpool_test_broken',
      help: 'a gauge whose source fails',
      collect: () => {
        throw new Error('source unavailable');
      },
    });
    expect(sample((await t.call({ method: 'GET', url: '/metrics' })).body, 'carpool_test_queue_depth')).toBe(3);
    depth = 7;
    const text = (await t.call({ method: 'GET', url: '/metrics' })).body;
    expect(sample(text, 'carpool_test_queue_depth')).toBe(7);
    expect(sample(text, 'carpool_test_broken')).toBeNaN();
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  const token = 'a-long-random-metrics-secret';
  beforeAll(async () => {
    t = await createTestApp('pglite', { config: { metricsToken: token } });
  });
  afterAll(async () => t?.close());
  afterEach(() => pause(0));

  it('needs the bearer token, from anywhere, through a proxy too', async () => {
    const missing = await t.call({ method: 'GET', url: '/metrics' });
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['www-authenticate']).toMatch(/^Bearer/);
    const wrong = await t.call({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer a-long-random-metrics-secreT' } });
    expect(wrong.statusCode).toBe(401);
    const short = await t.call({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer a' } });
    expect(short.statusCode).toBe(401);
    const right = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '198.51.100.1' },
    });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('carpool_http_requests_total');
  });
});
