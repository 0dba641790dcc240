import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyServerOptions, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { describe } from 'vitest';
import { buildApp } from '../app.js';
import { testConfig, type Config } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { manualClock } from '../lib/clock.js';
import { createDevIdentityProvider, type DevIdentityProvider } from '../modules/auth/dev-idp.js';
import { testLogger } from './error-logs.js';
import type { SignedInUser } from '@carpool/shared/schemas/users';

export type DatabaseKind = 'pglite' | 'postgres';

/** The embedded PGlite always; PostgreSQL as well when TEST_DATABASE_URL is set. */
const TEST_DATABASE_KINDS: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** Runs a suite once per database kind; each run gets its own fresh database. */
export function describeEachDatabase(name: string, suite: (kind: DatabaseKind) => void): void {
  describe.each(TEST_DATABASE_KINDS)(`${name} [%s]`, (kind) => suite(kind));
}

/** A fresh, migrated database: in-memory PGlite, or a new PostgreSQL database dropped on close. */
export async function createTestDatabase(kind: DatabaseKind, poolSize = 10): Promise<Database> {
  if (kind === 'pglite') {
    const database = await openDatabase({ databaseUrl: null, pgliteDir: null });
    await database.migrate();
    return database;
  }
  const scratch = await createScratchPostgresDatabase();
  const database = await openDatabase({ databaseUrl: scratch.url, pgliteDir: null, poolSize });
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}

/** A new, empty PostgreSQL database beside TEST_DATABASE_URL's, for tests that open it more than once. */
export async function createScratchPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `carpool_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: ReturnType<typeof manualClock>;
  config: Config;
  devIdp: DevIdentityProvider;
  /** Signs a user in through the development identity provider, as the web app does. */
  signIn(email: string, name?: string): Promise<SignedInUser>;
  /** app.inject with a bearer token and a region. */
  call(options: InjectOptions & { token?: string; region?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function createTestApp(
  kind: DatabaseKind,
  /** logger: the app logs at error level into the capture of ./error-logs.ts unless a test reads its logs itself. */
  options: { config?: Partial<Config>; start?: Date; poolSize?: number; logger?: FastifyServerOptions['logger'] } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(kind, options.poolSize);
  const clock = manualClock(options.start ?? new Date());
  const config = testConfig({ allowedEmailDomains: ['cornell.edu', 'example.com', 'rutgers.edu'], ...options.config });
  const devIdp = await createDevIdentityProvider({ dataDir: null, clock });
  const app = await buildApp({ config, database, clock, logger: options.logger ?? testLogger(), devIdp });
  await app.ready();

  const call: TestApp['call'] = ({ token, region, headers, ...rest }) =>
    app.inject({
      ...rest,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(region ? { 'x-region': region } : {}),
        ...headers,
      },
    });

  return {
    app,
    database,
    clock,
    config,
    devIdp,
    call,
    async signIn(email, name = email.split('@')[0]!) {
      const minted = await call({ method: 'POST', url: '/api/dev/id-token', payload: { email, name } });
      if (minted.statusCode !== 200) throw new Error(`id-token failed: ${minted.body}`);
      const signedIn = await call({ method: 'POST', url: '/api/auth/google', payload: { tokenId: minted.json().tokenId } });
      if (signedIn.statusCode !== 200) throw new Error(`sign-in failed: ${signedIn.body}`);
      return signedIn.json<SignedInUser>();
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
