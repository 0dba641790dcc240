import { randomBytes } from 'node:crypto';
import { TEXTS } from '@carpool/shared/texts';
import type { SignedInUser } from '@carpool/shared/schemas/users';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { testConfig } from '../config.js';
import { createDevIdentityProvider } from '../modules/auth/dev-idp.js';
import { testLogger } from '../test/error-logs.js';
import { freePort } from '../test/server-process.js';
import { TcpProxy } from '../test/tcp-proxy.js';
import { openDatabase, type Database } from './client.js';
import { isDatabaseUnavailable, isReadOnlyServer } from './unavailable.js';

describe('isDatabaseUnavailable', () => {
  it('recognises a refused connection of node-postgres, also wrapped as a cause', async () => {
    const client = new pg.Client({ host: '127.0.0.1', port: await freePort(), user: 'nobody', database: 'none' });
    const refused = await client.connect().then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({ code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: refused }))).toBe(true);
  });

  it('recognises a server shutting down or starting, and not a wrong query', () => {
    const withCode = (code: string, message: string) => Object.assign(new pg.DatabaseError(message, 0, 'error'), { code });
    expect(isDatabaseUnavailable(withCode('57P01', 'terminating connection due to administrator command'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('57P03', 'the database system is starting up'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('08006', 'connection failure'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('23505', 'duplicate key value violates unique constraint'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('42601', 'syntax error at or near "selec"'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });

  // Each way PostgreSQL refuses or drops service, as its server and node-postgres word it.
  it.each([
    ['57P01', 'terminating connection due to administrator command'],
    ['57P02', 'terminating connection because of crash of another server process'],
    ['57P03', 'the database system is starting up'],
    ['57P03', 'the database system is shutting down'],
    ['57P03', 'the database system is in recovery mode'],
    ['53300', 'sorry, too many clients already'],
    ['53300', 'remaining connection slots are reserved for non-replication superuser connections'],
    ['55000', 'database "carpool" is not currently accepting connections'],
    ['25006', 'cannot execute INSERT in a read-only transaction'],
    ['08006', 'connection failure'],
    ['08001', 'could not connect to server'],
  ])('SQLSTATE %s (%s) is unavailability, also as the cause of drizzle\'s error', (code, message) => {
    const error = Object.assign(new pg.DatabaseError(message, 0, 'error'), { code });
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query: insert into ...', { cause: error }))).toBe(true);
  });

  it.each([
    'Connection terminated unexpectedly',
    'Connection terminated due to connection timeout',
    'timeout exceeded when trying to connect',
    'Client has encountered a connection error and is not queryable',
    'Client was closed and is not queryable',
  ])("node-postgres' %s is unavailability", (message) => {
    expect(isDatabaseUnavailable(new Error(message))).toBe(true);
  });

  it('keeps the other errors of class 55 and 25 as bugs (500): they are not passing faults', () => {
    const withCode = (code: string, message: string) => Object.assign(new pg.DatabaseError(message, 0, 'error'), { code });
    expect(isDatabaseUnavailable(withCode('55000', 'currval of sequence "rides_id_seq" is not yet defined in this session'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('55P03', 'could not obtain lock on row in relation "rides"'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('25P02', 'current transaction is aborted, commands ignored until end of transaction block'))).toBe(false);
  });

  it('tells a read-only server apart, so that its connection is replaced', () => {
    const readOnly = Object.assign(new pg.DatabaseError('cannot execute UPDATE in a read-only transaction', 0, 'error'), { code: '25006' });
    expect(isReadOnlyServer(readOnly)).toBe(true);
    expect(isReadOnlyServer(new Error('Failed query', { cause: readOnly }))).toBe(true);
    expect(isReadOnlyServer(Object.assign(new Error('x'), { code: '57P01' }))).toBe(false);
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) console.warn('database refusing connections: skipped, set TEST_DATABASE_URL to run it');

describe.skipIf(!adminUrl)('PostgreSQL refusing connections, behind a proxy the test controls', () => {
  const databaseName = `carpool_unavailable_${randomBytes(6).toString('hex')}`;
  let proxy: TcpProxy;
  let database: Database;
  let app: FastifyInstance;
  let user: SignedInUser;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    const target = new URL(adminUrl!);
    proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    await proxy.forward();
    const throughProxy = new URL(adminUrl!);
    throughProxy.hostname = '127.0.0.1';
    throughProxy.port = String(proxy.port);
    throughProxy.pathname = `/${databaseName}`;
    database = await openDatabase({ databaseUrl: throughProxy.toString(), pgliteDir: null, poolSize: 4 });
    await database.migrate();
    const devIdp = await createDevIdentityProvider({ dataDir: null, clock: { now: () => new Date() } });
    // The app's warnings are expected here; errors would fail the test through console.error.
    app = await buildApp({ config: testConfig({ allowedEmailDomains: ['cornell.edu'] }), database, devIdp, logger: testLogger() });
    await app.ready();
    const minted = await app.inject({ method: 'POST', url: '/api/dev/id-token', payload: { email: 'down@cornell.edu', name: 'Dana' } });
    user = (await app.inject({ method: 'POST', url: '/api/auth/google', payload: { tokenId: minted.json<{ tokenId: string }>().tokenId } })).json();
  }, 60_000);

  afterAll(async () => {
    await proxy?.forward();
    await app?.close();
    await database?.close();
    await proxy?.refuse();
    if (adminUrl) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${databaseName} with (force)`);
      await admin.end();
    }
  }, 30_000);

  /** A signed-in read and an anonymous read: both need the database. */
  const calls = () =>
    Promise.all([
      app.inject({ method: 'GET', url: `/api/users/${user.id}`, headers: { authorization: `Bearer ${user.token}` } }),
      app.inject({ method: 'GET', url: '/api/rides/getall', headers: { 'x-region': 'cornell' } }),
    ]);

  async function expectUnavailable() {
    for (const res of await calls()) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', error: TEXTS.serviceUnavailable, message: TEXTS.serviceUnavailable });
    }
  }

  async function expectWorking() {
    for (const res of await calls()) expect(res.statusCode, res.body).toBe(200);
  }

  it('answers 503 with Retry-After while connections are refused or reset, never 500, and recovers without a restart', async () => {
    await expectWorking();

    // The pool's open connections are dropped and new ones refused.
    await proxy.refuse();
    await expectUnavailable();
    await expectUnavailable();

    // Connections are accepted and reset at once, as by a server going down.
    await proxy.resetNew();
    await expectUnavailable();

    await proxy.forward();
    await expectWorking();
  }, 60_000);
});
