import type { SessionUser } from '@carpool/shared/schemas/users';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { testConfig } from '../../config.js';
import { openDatabase, type Database } from '../../db/client.js';
import { sessions, users } from '../../db/schema.js';
import { manualClock } from '../../lib/clock.js';
import { testLogger } from '../../test/error-logs.js';
import { createScratchPostgresDatabase, createTestApp, describeEachDatabase, type TestApp } from '../../test/harness.js';
import { createDevIdentityProvider } from './dev-idp.js';
import { accountSuspendedMessage, hashToken } from './auth.service.js';

/** Resolves once `condition` holds, checked every 10 ms for at most 5 s. */
async function waitFor(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the session cache');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const me = (t: { call: TestApp['call'] }, token: string) => t.call({ method: 'GET', url: '/api/auth/verify-token', token });

describeEachDatabase('session cache', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { config: { adminEmails: ['cache-admin@cornell.edu'] } });
    // On once the process listens for changes.
    await waitFor(() => t.app.deps.sessionCache.enabled);
  });
  afterAll(() => t.close());

  it('serves a signed-in request from memory, and a change to the user is seen by the very next request', async () => {
    const user = await t.signIn('cache-a@cornell.edu', 'Avery Cache');
    expect((await me(t, user.token)).json<{ user: SessionUser }>().user.name).toBe('Avery Cache');
    expect(t.app.deps.sessionCache.get(hashToken(user.token))?.user.name).toBe('Avery Cache');

    // A change made straight in the database, as the rating trigger or an operator would make it.
    await t.database.db.update(users).set({ name: 'Avery Renamed' }).where(eq(users.id, user.id));
    expect(t.app.deps.sessionCache.get(hashToken(user.token))).toBeUndefined();
    expect((await me(t, user.token)).json<{ user: SessionUser }>().user.name).toBe('Avery Renamed');
  });

  it('refuses a token at once after sign-out, suspension or a session revoked in the database', async () => {
    const admin = await t.signIn('cache-admin@cornell.edu', 'Admin');
    const a = await t.signIn('cache-b@cornell.edu', 'Blake');
    const b = await t.signIn('cache-c@cornell.edu', 'Casey');
    const c = await t.signIn('cache-d@cornell.edu', 'Drew');
    for (const user of [a, b, c]) expect((await me(t, user.token)).statusCode).toBe(200);

    expect((await t.call({ method: 'POST', url: '/api/auth/logout', token: a.token })).statusCode).toBe(200);
    expect((await me(t, a.token)).statusCode).toBe(401);

    const suspended = await t.call({ method: 'POST', url: `/api/admin/users/${b.id}/suspend`, token: admin.token, payload: { reason: 'spam' } });
    expect(suspended.statusCode, suspended.body).toBe(200);
    const refused = await me(t, b.token);
    expect(refused.statusCode).toBe(401);
    // The open page learns why at once: still the spec's 401 UNAUTHORIZED, with the suspension and its reason.
    expect(refused.json()).toMatchObject({ code: 'UNAUTHORIZED', message: accountSuspendedMessage('spam'), details: { suspended: true } });

    await t.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, c.id));
    expect((await me(t, c.token)).statusCode).toBe(401);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('session cache across processes [postgres]', () => {
  let scratch: Awaited<ReturnType<typeof createScratchPostgresDatabase>>;
  let databases: Database[] = [];
  let apps: FastifyInstance[] = [];
  let urls: string[] = [];

  beforeAll(async () => {
    scratch = await createScratchPostgresDatabase();
    const clock = manualClock(new Date());
    const config = testConfig({ allowedEmailDomains: ['cornell.edu'] });
    for (let index = 0; index < 2; index += 1) {
      const database = await openDatabase({ databaseUrl: scratch.url, pgliteDir: null, poolSize: 4 });
      if (index === 0) await database.migrate();
      const devIdp = await createDevIdentityProvider({ dataDir: null, clock });
      const app = await buildApp({ config, database, clock, logger: testLogger(), devIdp });
      // Two servers answering over HTTP, as two processes behind a proxy would.
      urls.push(await app.listen({ port: 0, host: '127.0.0.1' }));
      databases.push(database);
      apps.push(app);
    }
    for (const app of apps) await waitFor(() => app.deps.sessionCache.enabled);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
    await scratch.drop();
    apps = [];
    databases = [];
    urls = [];
  });

  const fetchMe = (index: number, token: string) =>
    fetch(`${urls[index]}/api/auth/verify-token`, { headers: { authorization: `Bearer ${token}` } }).then((res) => res.status);

  it('a sign-out on one server refuses the token on the other, which had it in memory', async () => {
    const minted = await fetch(`${urls[0]}/api/dev/id-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'cluster-cache@cornell.edu', name: 'Cluster' }),
    }).then((res) => res.json() as Promise<{ tokenId: string }>);
    const signedIn = await fetch(`${urls[0]}/api/auth/google`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tokenId: minted.tokenId }),
    }).then((res) => res.json() as Promise<{ token: string }>);

    expect(await fetchMe(1, signedIn.token)).toBe(200);
    expect(apps[1]!.deps.sessionCache.get(hashToken(signedIn.token))).toBeDefined();

    const out = await fetch(`${urls[0]}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${signedIn.token}` } });
    expect(out.status).toBe(200);
    // The other server forgets the session when PostgreSQL's notification reaches it, which it
    // sends after the commit, not before: milliseconds, not the cache's maximum age of minutes.
    // A request that reaches the other server within that instant may still be served (on a
    // loaded machine the test saw one), so the bound checked is ten seconds: a thirtieth of that age,
    // and the wait of a stalled machine, not of a correct one.
    await expect.poll(() => fetchMe(1, signedIn.token), { timeout: 10_000, interval: 20 }).toBe(401);
    // What it keeps now is the revoked session, which it refuses from memory.
    expect(apps[1]!.deps.sessionCache.get(hashToken(signedIn.token))?.session.revokedAt).not.toBeNull();
  });

  it('turns the cache off when the listening connection is lost, and on again once it listens anew', async () => {
    const cache = apps[1]!.deps.sessionCache;
    // The cache is off from the loss until the retry listens again, a quarter of a second later:
    // too short a window to be sure of seeing it by polling on a busy machine.
    const disable = vi.spyOn(cache, 'disable');
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query ilike 'LISTEN%' and state = 'idle'`,
        [new URL(scratch.url).pathname.slice(1)],
      );
    } finally {
      await admin.end();
    }
    await vi.waitFor(() => expect(disable).toHaveBeenCalled(), { timeout: 10_000 });
    await expect.poll(() => cache.enabled, { timeout: 10_000 }).toBe(true);
    disable.mockRestore();
  });
});
