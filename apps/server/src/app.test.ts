import { copyFileSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeSecurityHeaders, securityHeaderOptions } from './plugins/security-headers.js';
import { createTestApp, describeEachDatabase, type TestApp } from './test/harness.js';

describeEachDatabase('app core', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('answers the health check with the database kind', async () => {
    const res = await t.call({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: kind, checks: { database: { status: 'up' } } });
    expect(res.headers['x-request-id']).toMatch(/^[\w-]+$/);
  });

  it('refuses an unknown region with 400 INVALID_REGION', async () => {
    const res = await t.call({ method: 'GET', url: '/api/health', region: 'mars' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'INVALID_REGION',
      error: 'Unknown region "mars": use cornell or nj',
      message: 'Unknown region "mars": use cornell or nj',
    });
  });

  it('treats a missing region as cornell and accepts nj', async () => {
    const region = async (header?: string) => {
      const route = `/api/test-region-${Math.random().toString(36).slice(2)}`;
      return (await t.call({ method: 'GET', url: route, region: header })).statusCode;
    };
    // Unknown routes still pass through the region check first.
    expect(await region('nj')).toBe(404);
    expect(await region(undefined)).toBe(404);
    expect(await region('mars')).toBe(400);
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const res = await t.call({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers malformed JSON with a clear 400, not a crash', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/auth/google',
      headers: { 'content-type': 'application/json' },
      payload: '{"tokenId": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', error: expect.any(String) });
  });

  it('answers validation errors with VALIDATION_FAILED and details', async () => {
    const res = await t.call({ method: 'POST', url: '/api/auth/google', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [expect.objectContaining({ path: expect.stringContaining('tokenId') })] });
  });

  it('refuses NUL characters in queries and bodies with 400, not a database 500', async () => {
    const user = await t.signIn('nul@cornell.edu', 'Nul');
    const other = await t.signIn('nul-other@cornell.edu', 'Other');
    const answers = [
      await t.call({ method: 'GET', url: '/api/ride-requests?from=ithaca%00' }),
      await t.call({ method: 'GET', url: '/api/rides/getall?to=%00', token: user.token }),
      await t.call({ method: 'POST', url: '/api/feedback', payload: { comment: 'great\u0000app' } }),
      await t.call({ method: 'PUT', url: '/api/users/profile', token: user.token, payload: { name: 'N\u0000', email: 'nul@cornell.edu' } }),
      await t.call({
        method: 'POST',
        url: '/api/conversation-messages/send',
        token: user.token,
        payload: { receiverId: other.id, content: 'hi\u0000' },
      }),
    ];
    expect(answers.map((res) => [res.statusCode, res.json().code])).toEqual(Array(5).fill([400, 'VALIDATION_FAILED']));
    expect(answers[4]!.json().details).toEqual([{ path: 'body.content', message: 'must not contain NUL characters' }]);
  });

  it('sends the same security headers with every kind of answer', async () => {
    const expected = computeSecurityHeaders(securityHeaderOptions(t.app.deps.config));
    // helmet's defaults and the policy, as helmet itself sets them.
    expect(expected['content-security-policy']).toContain("default-src 'self'");
    expect(expected['content-security-policy']).toContain("frame-ancestors 'none'");
    // Scripts from this origin and Google's sign-in only: the app loads no maps library.
    expect(expected['content-security-policy']).toContain("script-src 'self' https://accounts.google.com/gsi/client;");
    expect(expected['content-security-policy']).not.toContain('maps.googleapis.com');
    expect(expected['x-content-type-options']).toBe('nosniff');
    expect(expected['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(expected['x-frame-options']).toBe('SAMEORIGIN');
    expect(expected['strict-transport-security']).toBeUndefined(); // production only
    expect(computeSecurityHeaders(securityHeaderOptions({ ...t.app.deps.config, nodeEnv: 'production' }))['strict-transport-security']).toMatch(/^max-age=/);
    const answers = [
      await t.call({ method: 'GET', url: '/api/health' }),
      await t.call({ method: 'GET', url: '/api/no-such-path' }),
      await t.call({ method: 'GET', url: '/api/rides/not-a-uuid' }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 404, 400]);
    for (const res of answers) {
      for (const [name, value] of Object.entries(expected)) expect(res.headers[name], `${res.statusCode} ${name}`).toBe(value);
    }
  });

  it('serves the OpenAPI document generated from the schemas', async () => {
    const res = await t.call({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/auth/google', '/api/health', '/api/users/{userId}']));
  });
});

describe('rate limits behind the proxy', () => {
  it('count the address the proxy saw, not the X-Forwarded-For entries a client writes itself', async () => {
    const t = await createTestApp('pglite', { config: { rateLimitPerMinute: 2 } });
    try {
      const statuses = [];
      for (const spoofed of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) {
        // The client sent "X-Forwarded-For: <spoofed>"; the proxy on loopback appended the address it saw.
        const res = await t.call({ method: 'GET', url: '/api/config', headers: { 'x-forwarded-for': `${spoofed}, 203.0.113.7` } });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([200, 200, 429]);
      const other = await t.call({ method: 'GET', url: '/api/config', headers: { 'x-forwarded-for': '203.0.113.8' } });
      expect(other.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('web app serving', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'carpool-web-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Carpool</title><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log("hi")');
    // What the web build writes beside each text file; the server picks the copy the browser accepts.
    const bundle = `console.log(${JSON.stringify('carpool '.repeat(400))});`;
    writeFileSync(path.join(dist, 'assets', 'big-def456.js'), bundle);
    writeFileSync(path.join(dist, 'assets', 'big-def456.js.br'), brotliCompressSync(bundle));
    writeFileSync(path.join(dist, 'assets', 'big-def456.js.gz'), gzipSync(bundle));
    // The real robots.txt, as the web build copies it from apps/web/public.
    copyFileSync(fileURLToPath(new URL('../../web/public/robots.txt', import.meta.url)), path.join(dist, 'robots.txt'));
    copyFileSync(fileURLToPath(new URL('../../web/public/favicon.ico', import.meta.url)), path.join(dist, 'favicon.ico'));
    // As the web build writes it (vite.config.ts): cornell's colour, start page /.
    writeFileSync(path.join(dist, 'manifest.webmanifest'), JSON.stringify({ id: '/', name: 'Carpool', start_url: '/', scope: '/', theme_color: '#b31b1b', icons: [] }));
    t = await createTestApp('pglite', { config: { webDistDir: dist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html for app routes (history fallback)', async () => {
    for (const url of ['/', '/my-rides', '/profile/6f1c2a9e-3b1d-4c57-9a0e-2f4b8d7c1e55', '/nj/profile/123', '/conversation-messages/abc?x=1']) {
      const res = await t.call({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<title>Carpool</title>');
      // A new build's page must be fetched at the next visit, never taken from a cache unchecked.
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('serves hashed assets with immutable caching', async () => {
    const res = await t.call({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('sends the compressed copy of a build file that the browser accepts, else the file itself', async () => {
    const bundle = `console.log(${JSON.stringify('carpool '.repeat(400))});`;
    const brotli = await t.app.inject({ method: 'GET', url: '/assets/big-def456.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(bundle);
    const gzip = await t.app.inject({ method: 'GET', url: '/assets/big-def456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(bundle);
    const plain = await t.app.inject({ method: 'GET', url: '/assets/big-def456.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bundle);
  });

  it('answers a missing build file with 404, not the app page', async () => {
    const res = await t.call({ method: 'GET', url: '/assets/gone-999999.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/text\/html/);
  });

  it('answers robots.txt as text: public pages allowed, the API disallowed', async () => {
    const res = await t.call({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/^User-agent: \*$/m);
    expect(res.body).toMatch(/^Allow: \/$/m);
    expect(res.body).toMatch(/^Disallow: \/api\/$/m);
  });

  it('answers /favicon.ico, which browsers and crawlers ask for whatever the page links, with an icon', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    // An ICO file: reserved 0, type 1 (icon), then how many images it holds.
    expect([...res.rawPayload.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    expect(res.rawPayload.readUInt16LE(4)).toBeGreaterThan(0);
  });

  it("answers each region's manifest: its colour, its start page, its name", async () => {
    const nj = await t.app.inject({ method: 'GET', url: '/nj/manifest.webmanifest' });
    expect(nj.statusCode).toBe(200);
    expect(nj.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(nj.headers['cache-control']).toBe('no-cache');
    expect(nj.json()).toMatchObject({ id: '/nj', name: 'Carpool in New Jersey', start_url: '/nj', scope: '/', theme_color: '#1d5fd6', icons: [] });
    const cornell = (await t.app.inject({ method: 'GET', url: '/cornell/manifest.webmanifest' })).json();
    // The default region keeps the build's id and start page: an app installed before stays the same app.
    expect(cornell).toMatchObject({ id: '/', name: 'Carpool at Cornell', start_url: '/', theme_color: '#b31b1b' });
  });

  it('answers a path that names a missing file with 404, never the app page', async () => {
    for (const url of ['/sitemap.xml', '/no-such-file.js', '/nj/anything.png', '/robots.txt.bak']) {
      const res = await t.call({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).not.toMatch(/text\/html/);
    }
  });

  it('keeps API 404s as JSON even with the web app present', async () => {
    const res = await t.call({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });

  it("runs a page's request hooks once (no listener added twice), and never counts a build file against the rate limit", async () => {
    const limited = await createTestApp('pglite', { config: { webDistDir: dist, rateLimitPerMinute: 100 } });
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      for (const url of ['/', '/my-rides', '/nj/profile/123']) {
        const res = await limited.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toContain('<title>Carpool</title>');
      }
      for (const url of ['/assets/app-abc123.js', '/robots.txt', '/favicon.ico']) {
        const res = await limited.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['x-ratelimit-remaining'], url).toBeUndefined();
      }
      expect((await limited.app.inject({ method: 'GET', url: '/api/config' })).headers['x-ratelimit-remaining']).toBe('99');
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.map((warning) => warning.name)).not.toContain('MaxListenersExceededWarning');
    } finally {
      process.off('warning', onWarning);
      await limited.close();
    }
  });
});
