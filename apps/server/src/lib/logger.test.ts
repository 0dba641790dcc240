import { createRequire } from 'node:module';
import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { testConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { LOG_REDACT, loggerOptions } from './logger.js';

// Named `require` so that knip sees the pino-pretty the logger loads by name (knip.jsonc).
const require = createRequire(import.meta.url);

describe('loggerOptions', () => {
  it('is pretty for a person at a terminal, JSON otherwise and always in production', () => {
    const development = { logLevel: 'info', nodeEnv: 'development' } as const;
    expect(loggerOptions(development, true)).toMatchObject({ level: 'info', transport: { target: 'pino-pretty' } });
    expect(loggerOptions(development, false)).toEqual({ level: 'info', redact: LOG_REDACT });
    expect(loggerOptions({ ...development, nodeEnv: 'production' }, true)).toEqual({ level: 'info', redact: LOG_REDACT });
    // The transport is loaded by name in a worker: it must be installed beside the server.
    expect(() => require.resolve('pino-pretty')).not.toThrow();
  });
});

describe('redaction', () => {
  it('censors secrets wherever a line would carry them: a provider client secret, cookies, the bearer token', () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info', redact: LOG_REDACT }, new Writable({ write(chunk: Buffer, _encoding, done) { lines.push(chunk.toString()); done(); } }));
    logger.info({ oidc: { clientSecret: 'very-secret-1' }, clientSecret: 'very-secret-2', provider: { client_secret: 'very-secret-3' }, req: { headers: { authorization: 'Bearer very-secret-4', cookie: 'carpool_oidc=very-secret-5' } } }, 'a line');
    expect(lines.join('')).toContain('[redacted]');
    expect(lines.join('')).not.toMatch(/very-secret/);
  });
});

describe('request logging', () => {
  it('writes one line per request, with method, url, route, status, duration and request id', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const database = await openDatabase({ databaseUrl: null, pgliteDir: null });
    await database.migrate();
    const app = await buildApp({ config: testConfig(), database, logger: { level: 'info', stream } });
    try {
      await app.ready();
      const ok = await app.inject({ method: 'GET', url: '/api/health?probe=1', headers: { 'x-request-id': 'health-probe-1' } });
      const missing = await app.inject({ method: 'GET', url: '/api/nothing-here' });

      const okLines = lines.filter((line) => line.reqId === 'health-probe-1');
      expect(okLines).toHaveLength(1);
      expect(okLines[0]).toMatchObject({
        level: 30,
        msg: 'request completed',
        method: 'GET',
        url: '/api/health?probe=1',
        route: '/api/health',
        statusCode: ok.statusCode,
      });
      expect(okLines[0]!.durationMs).toEqual(expect.any(Number));
      const missingLines = lines.filter((line) => line.reqId === missing.headers['x-request-id']);
      expect(missingLines).toEqual([expect.objectContaining({ msg: 'request completed', statusCode: 404, url: '/api/nothing-here' })]);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
