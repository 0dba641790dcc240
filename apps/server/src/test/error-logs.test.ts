import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { testConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { allowErrorLogs, checkFileErrorLogs, checkTestErrorLogs, errorLogs, testLogger } from './error-logs.js';
import { createTestDatabase } from './harness.js';

// The check of the setup file's error-log capture itself (./error-logs.ts), as the web tests check
// theirs (apps/web/src/test/console-errors.test.tsx).
describe('the server tests themselves', () => {
  let database: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    app = await buildApp({ config: testConfig(), database, logger: testLogger() });
    app.get('/api/test-unexpected-fault', async () => {
      throw new Error('an unexpected fault');
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const callFaultyRoute = async () => (await app.inject({ method: 'GET', url: '/api/test-unexpected-fault' })).statusCode;

  it('an unexpected error answers 500, and its error log alone fails the test', async () => {
    expect(await callFaultyRoute()).toBe(500);
    expect(errorLogs()).toEqual(['unhandled error Error: an unexpected fault']);
    // What the setup file's afterEach runs; the test passes because it caught the failure.
    expect(() => checkTestErrorLogs()).toThrow(/did not allow[\s\S]*\[error\] unhandled error Error: an unexpected fault\n\s+at /);
  });

  it.fails('an unexpected error log fails the test that never looks at the status', async () => {
    await callFaultyRoute();
  });

  it.fails('a fatal log line fails the test too', () => {
    app.log.fatal('a fatal fault');
  });

  it('an error log that the test allowed passes', async () => {
    allowErrorLogs(/^unhandled error Error: an unexpected fault$/);
    expect(await callFaultyRoute()).toBe(500);
  });

  it.fails('an allowance ends with its test', async () => {
    await callFaultyRoute();
  });

  it('a line below error level is not captured', () => {
    app.log.warn('a warning');
    expect(errorLogs()).toEqual([]);
  });

  it('an error logged once its test had ended fails the file, naming that test', () => {
    checkTestErrorLogs();
    app.log.error(new Error('late work'), 'background work failed');
    expect(() => checkFileErrorLogs()).toThrow(
      /outside a test:\n\[error\] background work failed Error: late work[\s\S]*written after "the server tests themselves > an error logged once its test had ended fails the file, naming that test" had ended/,
    );
  });
});
