import { COLLEGES, COLLEGE_LABELS, collegeFromEmail } from '@carpool/shared/colleges';
import { PLACE_COORDINATES } from '@carpool/shared/place-coordinates';
import { PLACES } from '@carpool/shared/places';
import { REGIONS, REGION_BRAND_COLOUR, REGION_WORDING } from '@carpool/shared/regions';
import type { RegionDetail, RegionSummary } from '@carpool/shared/schemas/regions';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { regionColleges, regionPlaces, regions } from '../../db/schema.js';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/harness.js';

describeEachDatabase('regions as data', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('holds cornell and nj as the code had them: places with labels and coordinates in order, colleges and their domains, wording and colours', async () => {
    const list = await get('/api/regions');
    expect(list.statusCode).toBe(200);
    expect(list.json<RegionSummary[]>().map((region) => region.slug)).toEqual([...REGIONS]);
    for (const slug of REGIONS) {
      const res = await get(`/api/regions/${slug}`);
      expect(res.statusCode).toBe(200);
      const region = res.json<RegionDetail>();
      expect(region).toMatchObject({
        name: REGION_WORDING[slug].displayName,
        where: REGION_WORDING[slug].where,
        subtitle: REGION_WORDING[slug].subtitle,
        status: 'live',
        timeZone: 'America/New_York',
      });
      expect(region.theme.light).toBe(REGION_BRAND_COLOUR[slug]);
      expect(region.theme.scale['600']).toBe(REGION_BRAND_COLOUR[slug]);
      expect(region.places).toEqual(
        PLACES[slug].map((place) => ({ slug: place.value, label: place.label, ...PLACE_COORDINATES[slug][place.value] })),
      );
    }
    const cornell = (await get('/api/regions/cornell')).json<RegionDetail>();
    expect(cornell.colleges).toEqual(COLLEGES.map((slug) => ({ slug, name: COLLEGE_LABELS[slug] })).sort((a, b) => COLLEGES.indexOf(a.slug) - COLLEGES.indexOf(b.slug)));
    expect((await get('/api/regions/nj')).json<RegionDetail>().colleges).toEqual([]);
    // The colleges' domains give every address the college the shared rule gives it.
    const collegeRows = await t.database.db.select().from(regionColleges);
    const byDomain = (email: string) =>
      collegeRows.find((row) => row.emailDomains.some((domain) => email.endsWith(`@${domain}`) || email.endsWith(`.${domain}`)))?.slug ?? null;
    for (const email of ['a@cornell.edu', 'b@mail.cornell.edu', 'c@example.com', 'd@gmail.com', 'e@ithaca.edu', 'f@syr.edu', 'g@binghamton.edu', 'h@rutgers.edu']) {
      expect(byDomain(email)).toBe(collegeFromEmail(email));
    }
  });

  it('answers 304 to a matching If-None-Match, and a new ETag after a change', async () => {
    const first = await get('/api/regions/nj');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const again = await get('/api/regions/nj', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await t.database.db.update(regions).set({ subtitle: 'Carpools across the Garden State' }).where(eq(regions.slug, 'nj'));
    await t.app.deps.regions.reload();
    const changed = await get('/api/regions/nj', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<RegionDetail>().subtitle).toBe('Carpools across the Garden State');
    expect(changed.headers.etag).not.toBe(etag);
    await t.database.db.update(regions).set({ subtitle: REGION_WORDING.nj.subtitle }).where(eq(regions.slug, 'nj'));
  });

  it('hears a change committed by this process without being told (NOTIFY at commit), and keeps drafts out of the lists', async () => {
    await t.database.db.insert(regions).values({
      slug: 'rochester',
      name: 'Rochester',
      wherePhrase: 'at Rochester',
      subtitle: 'Intercity Carpool Platform for Rochester',
      theme: { light: '#c2410c', dark: '#fb923c', scale: { ...(await get('/api/regions/cornell')).json<RegionDetail>().theme.scale } },
      timeZone: 'America/New_York',
      mapLat: 43.1566,
      mapLng: -77.6088,
      mapZoom: 7,
      emailDomains: ['rochester.edu'],
      status: 'draft',
      position: 2,
    });
    await t.database.db.insert(regionPlaces).values([
      { region: 'rochester', slug: 'rochester', label: 'Rochester', lat: 43.1566, lng: -77.6088, position: 0 },
      { region: 'rochester', slug: 'buffalo', label: 'Buffalo', lat: 42.8865, lng: -78.8784, position: 1 },
    ]);
    await expect.poll(() => t.app.deps.regions.find('rochester')?.places.list.length).toBe(2);
    expect((await get('/api/regions/rochester')).statusCode).toBe(404);
    expect((await get('/api/regions')).json<RegionSummary[]>().map((region) => region.slug)).toEqual(['cornell', 'nj']);

    await t.database.db.update(regions).set({ status: 'live' }).where(eq(regions.slug, 'rochester'));
    await expect.poll(async () => (await get('/api/regions')).json<RegionSummary[]>().map((region) => region.slug)).toEqual(['cornell', 'nj', 'rochester']);
    expect((await get('/api/regions/rochester')).json<RegionDetail>().places.map((place) => place.slug)).toEqual(['rochester', 'buffalo']);
    expect((await get('/api/regions/nowhere')).statusCode).toBe(404);
  });

  it('refuses a region column that names no region (a foreign key now, where a CHECK listed two)', async () => {
    await expect(t.database.db.execute(sql`insert into feedback (region, comment) values ('atlantis', 'hello')`)).rejects.toMatchObject({ cause: { code: '23503' } });
  });
});
