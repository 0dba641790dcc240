import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createTestApp } from '../test/harness.js';

/** Files of a first visit as the web build has them: the page's chunks and the service worker's precache. */
const ASSET_COUNT = 130;
const ROOT_FILES = ['sw.js', 'manifest.webmanifest', 'offline.html', 'favicon.svg', 'robots.txt'];
const ICONS = ['icon-192.png', 'icon-512.png'];

describe('the rate limit and a campus behind one address', () => {
  let dist: string;
  beforeAll(() => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'carpool-web-limit-'));
    mkdirSync(path.join(dist, 'assets'));
    mkdirSync(path.join(dist, 'icons'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Carpool</title><div id="root"></div>');
    for (let i = 0; i < ASSET_COUNT; i += 1) writeFileSync(path.join(dist, 'assets', `chunk-${i}-abc123.js`), `export const x${i} = ${i};`);
    for (const file of ROOT_FILES) writeFileSync(path.join(dist, file), file.endsWith('.webmanifest') ? '{"name":"Carpool"}' : file);
    for (const file of ICONS) writeFileSync(path.join(dist, 'icons', file), file);
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('lets ten new visitors from one address load the whole app within a minute at the default limit', async () => {
    // The limit a deployment has when it sets none (tests turn it off otherwise).
    const t = await createTestApp('pglite', { config: { webDistDir: dist, rateLimitPerMinute: loadConfig({}).rateLimitPerMinute } });
    try {
      expect(t.config.rateLimitPerMinute).toBe(600);
      const files = [
        ...Array.from({ length: ASSET_COUNT }, (_, i) => `/assets/chunk-${i}-abc123.js`),
        ...ROOT_FILES.map((file) => `/${file}`),
        ...ICONS.map((file) => `/icons/${file}`),
      ];
      const refused: string[] = [];
      for (let visitor = 0; visitor < 10; visitor += 1) {
        for (const url of ['/', ...files, '/api/config']) {
          const res = await t.app.inject({ method: 'GET', url, remoteAddress: '198.51.100.7' });
          if (res.statusCode !== 200) refused.push(`${visitor} ${url} ${res.statusCode}`);
        }
      }
      expect(refused).toEqual([]);
      // The build's files are not even seen by the limiter; the API still is.
      const file = await t.app.inject({ method: 'GET', url: '/assets/chunk-0-abc123.js', remoteAddress: '198.51.100.7' });
      expect(file.headers['x-ratelimit-remaining']).toBeUndefined();
      const api = await t.app.inject({ method: 'GET', url: '/api/config', remoteAddress: '198.51.100.7' });
      expect(Number(api.headers['x-ratelimit-remaining'])).toBe(600 - 11);
    } finally {
      await t.close();
    }
  });

  it('counts a signed-in caller as themself, and an address only for signed-out calls', async () => {
    const t = await createTestApp('pglite', { config: { rateLimitPerMinute: 3, signInRateLimitPerMinute: 0 } });
    try {
      const a = await t.signIn('limit-a@cornell.edu');
      const b = await t.signIn('limit-b@cornell.edu');
      const call = (token?: string) =>
        t.call({ method: 'GET', url: '/api/auth/verify-token', token, remoteAddress: '198.51.100.9' }).then((res) => res.statusCode);
      const asA = [await call(a.token), await call(a.token), await call(a.token), await call(a.token)];
      expect(asA).toEqual([200, 200, 200, 429]);
      // Another student on the same network, and a signed-out page there, are not refused for it.
      expect(await call(b.token)).toBe(200);
      const signedOut = await t.call({ method: 'GET', url: '/api/config', remoteAddress: '198.51.100.9' });
      expect(signedOut.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
