import type { RegionDetail, RegionSummary } from '@carpool/shared/schemas/regions';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { testConfig } from '../../config.js';
import { openDatabase, type Database } from '../../db/client.js';
import { regionPlaces, regions } from '../../db/schema.js';
import { manualClock } from '../../lib/clock.js';
import { testLogger } from '../../test/error-logs.js';
import { createScratchPostgresDatabase } from '../../test/harness.js';
import { createDevIdentityProvider } from '../auth/dev-idp.js';

/** Two server processes on one PostgreSQL database: a region changed through one is served by the other. */
describe.runIf(process.env.TEST_DATABASE_URL)('regions across processes [postgres]', () => {
  let scratch: Awaited<ReturnType<typeof createScratchPostgresDatabase>>;
  const databases: Database[] = [];
  const apps: FastifyInstance[] = [];
  const urls: string[] = [];

  beforeAll(async () => {
    scratch = await createScratchPostgresDatabase();
    const clock = manualClock(new Date());
    for (let index = 0; index < 2; index += 1) {
      const database = await openDatabase({ databaseUrl: scratch.url, pgliteDir: null, poolSize: 4 });
      if (index === 0) await database.migrate();
      const devIdp = await createDevIdentityProvider({ dataDir: null, clock });
      // No ALLOWED_EMAIL_DOMAINS: each region's own domains decide who signs in and posts there.
      const app = await buildApp({ config: testConfig({ adminEmails: ['admin@cornell.edu'] }), database, clock, logger: testLogger(), devIdp });
      urls.push(await app.listen({ port: 0, host: '127.0.0.1' }));
      databases.push(database);
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
    await scratch.drop();
  });

  const liveSlugs = async (index: number) =>
    ((await (await fetch(`${urls[index]}/api/regions`)).json()) as RegionSummary[]).map((region) => region.slug);

  it('serves a region published through one process from the other within a second', async () => {
    const db = databases[0]!.db;
    const cornell = (await (await fetch(`${urls[1]}/api/regions/cornell`)).json()) as RegionDetail;
    await db.insert(regions).values({
      slug: 'penn-state',
      name: 'Penn State',
      wherePhrase: 'at Penn State',
      subtitle: 'Intercity Carpool Platform for Penn State',
      theme: cornell.theme,
      timeZone: 'America/New_York',
      mapLat: 40.7934,
      mapLng: -77.86,
      mapZoom: 7,
      emailDomains: ['psu.edu'],
      status: 'draft',
      position: 5,
    });
    await db.insert(regionPlaces).values([
      { region: 'penn-state', slug: 'state_college', label: 'State College', lat: 40.7934, lng: -77.86, position: 0 },
      { region: 'penn-state', slug: 'pittsburgh', label: 'Pittsburgh', lat: 40.4406, lng: -79.9959, position: 1 },
    ]);
    expect(await liveSlugs(1)).toEqual(['cornell', 'nj']);

    const published = Date.now();
    await db.update(regions).set({ status: 'live' }).where(eq(regions.slug, 'penn-state'));
    await expect.poll(() => liveSlugs(1), { timeout: 5_000, interval: 20 }).toEqual(['cornell', 'nj', 'penn-state']);
    expect(Date.now() - published).toBeLessThan(1_000);
    const detail = (await (await fetch(`${urls[1]}/api/regions/penn-state`)).json()) as RegionDetail;
    expect(detail.places.map((place) => place.label)).toEqual(['State College', 'Pittsburgh']);
  });

  it('serves a region created, filled from a CSV and published through one process to its students on the other at once', async () => {
    const call = async (index: number, method: string, path: string, options: { token?: string; region?: string; body?: unknown } = {}) => {
      const res = await fetch(`${urls[index]}${path}`, {
        method,
        headers: {
          ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(options.region ? { 'x-region': options.region } : {}),
        },
        body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
      });
      const text = await res.text();
      return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown> & Array<Record<string, unknown>>) : null };
    };
    const signIn = async (index: number, email: string, region: string) => {
      const minted = await call(index, 'POST', '/api/dev/id-token', { body: { email, name: email.split('@')[0] } });
      return call(index, 'POST', '/api/auth/google', { region, body: { tokenId: minted.json!.tokenId } });
    };
    const admin = (await signIn(0, 'admin@cornell.edu', 'cornell')).json!.token as string;
    expect((await call(0, 'POST', '/api/admin/regions', { token: admin, body: {
      slug: 'rochester', name: 'Rochester', where: 'at Rochester', subtitle: 'Intercity Carpool Platform for Rochester',
      theme: { light: '#c2410c', dark: '#fdba74' }, timeZone: 'America/New_York', map: { lat: 43.1566, lng: -77.6088, zoom: 7 }, emailDomains: ['rochester.edu'],
    } })).status).toBe(201);
    const csv = 'slug,label,lat,lng\nrochester,Rochester,43.1566,-77.6088\ngeneseo,Geneseo,42.7959,-77.8169\nbuffalo,Buffalo,42.8865,-78.8784';
    expect((await call(0, 'PUT', '/api/admin/regions/rochester/places', { token: admin, body: { format: 'csv', content: csv } })).status).toBe(200);
    expect((await call(0, 'POST', '/api/admin/regions/rochester/publish', { token: admin })).status).toBe(200);

    // The other process: a Rochester student signs in there, posts, and another finds the ride.
    await expect.poll(() => liveSlugs(1), { timeout: 5_000, interval: 20 }).toContain('rochester');
    const driver = await signIn(1, 'dana@rochester.edu', 'rochester');
    expect(driver.status).toBe(200);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const ride = { from: 'geneseo', to: 'buffalo', date: tomorrow, time: '15:00', price: 12, totalSeats: 3, seatsAvailable: 3, totalSuitcases: 1, suitcasesAvailable: 1, notes: [], timezone: 'America/New_York' };
    const posted = await call(1, 'POST', '/api/rides', { token: driver.json!.token as string, region: 'rochester', body: ride });
    expect(posted.status, JSON.stringify(posted.json)).toBe(201);
    const rider = await signIn(0, 'riley@rochester.edu', 'rochester');
    const found = await call(0, 'GET', '/api/rides/getall?from=geneseo', { token: rider.json!.token as string, region: 'rochester' });
    expect(found.json!.map((item) => item.id)).toContain(posted.json!.id);

    // Another region's students: refused at Rochester's sign-in and post, and its rides are not theirs.
    const outsider = await signIn(1, 'casey@cornell.edu', 'rochester');
    expect(outsider.status).toBe(403);
    expect(outsider.json).toMatchObject({ code: 'INVALID_EMAIL_DOMAIN' });
    const cornellStudent = (await signIn(1, 'casey@cornell.edu', 'cornell')).json!.token as string;
    const intruding = await call(1, 'POST', '/api/rides', { token: cornellStudent, region: 'rochester', body: { ...ride, from: 'rochester' } });
    expect(intruding.status).toBe(403);
    expect((await call(1, 'POST', '/api/rides', { token: cornellStudent, region: 'cornell', body: ride })).status).toBe(400);
    expect((await call(1, 'GET', '/api/rides/getall?to=buffalo', { region: 'cornell' })).json!.map((item) => item.id)).not.toContain(posted.json!.id);
  });

  it('still hears changes after PostgreSQL terminates the listening connections (a FATAL, then the socket closes)', async () => {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ terminated: boolean }>(
        `select pg_terminate_backend(pid) as terminated from pg_stat_activity
          where datname = $1 and query ilike 'LISTEN%' and state = 'idle'`,
        [new URL(scratch.url).pathname.slice(1)],
      );
      expect(rows.some((row) => row.terminated)).toBe(true);
    } finally {
      await admin.end();
    }
    await databases[0]!.db.update(regions).set({ name: 'Penn State University' }).where(eq(regions.slug, 'penn-state'));
    await expect
      .poll(async () => ((await (await fetch(`${urls[1]}/api/regions/penn-state`)).json()) as RegionDetail).name, { timeout: 20_000, interval: 50 })
      .toBe('Penn State University');
  });
});
