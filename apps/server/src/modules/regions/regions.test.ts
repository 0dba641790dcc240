import { collegeFromEmail } from '@carpool/shared/fixtures/spec-regions';
import { SPEC_REGION_SUMMARIES, SPEC_REGIONS, specRegionDetail } from '@carpool/shared/fixtures/spec-regions';
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
    expect(list.json<RegionSummary[]>()).toEqual(SPEC_REGIONS.map((slug) => SPEC_REGION_SUMMARIES[slug]));
    for (const slug of SPEC_REGIONS) {
      const res = await get(`/api/regions/${slug}`);
      expect(res.statusCode).toBe(200);
      // nj has no colleges of its own: its search offers cornell's four, as the specification's filter does in both.
      expect(res.json<RegionDetail>()).toEqual(specRegionDetail(slug));
    }
    // The colleges' domains give every address the college the shared rule gives it.
    const collegeRows = await t.database.db.select().from(regionColleges);
    const byDomain = (email: string) =>
      collegeRows.find((row) => row.emailDomains.some((domain) => email.endsWith(`@${domain}`) || email.endsWith(`.${domain}`)))?.slug ?? null;
    for (const email of ['a@cornell.edu', 'b@mail.cornell.edu', 'c@example.com', 'd@gmail.com', 'e@ithaca.edu', 'f@syr.edu', 'g@binghamton.edu', 'h@rutgers.edu']) {
      expect(byDomain(email)).toBe(collegeFromEmail(email));
    }
  });

  it("serves the regions' colours and words as a stylesheet for the first paint, the default region's on :root", async () => {
    const res = await get('/api/regions.css');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, no-cache');
    const css = res.body;
    // The default region's variables on :root first, so that every region's own rule, after it, wins.
    expect(css.split('\n')[1]).toMatch(/^:root\{--default-region:"cornell";--region-slug:"cornell";--brand-50:#fdf3f3;/);
    const rules = Object.fromEntries([...css.matchAll(/^([^{\n]+)\{([^}]*)\}$/gm)].map((match) => [match[1], match[2]]));
    const cornell = rules['[data-region="cornell"]']!;
    expect(cornell).toContain('--brand-600:#b31b1b;');
    expect(cornell).toContain('--brand-950:#380808;');
    expect(cornell).toContain('--color-brand:#b31b1b;');
    expect(cornell).toContain('--region-name:"Cornell";');
    // Its own slug, which :root's variables cannot stand in for: how theme-init.js tells a region from any other first segment.
    expect(cornell).toContain('--region-slug:"cornell";');
    expect(rules['[data-region="nj"]']).toContain('--region-slug:"nj";');
    expect(rules['[data-region="nj"]']).toContain('--region-subtitle:"Intercity Carpool Platform for New Jersey";');
    const again = await get('/api/regions.css', { 'if-none-match': res.headers.etag as string });
    expect(again.statusCode).toBe(304);

    // A name with quotes, a backslash and a tag cannot leave its CSS string.
    await t.database.db.update(regions).set({ name: 'New "Jersey" \\ </style>' }).where(eq(regions.slug, 'nj'));
    await t.app.deps.regions.reload();
    const changed = await get('/api/regions.css', { 'if-none-match': res.headers.etag as string });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain('--region-name:"New \\22 Jersey\\22  \\5c  \\3c /style>";');
    await t.database.db.update(regions).set({ name: SPEC_REGION_SUMMARIES.nj.name }).where(eq(regions.slug, 'nj'));
    await t.app.deps.regions.reload();
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
    await t.database.db.update(regions).set({ subtitle: SPEC_REGION_SUMMARIES.nj.subtitle }).where(eq(regions.slug, 'nj'));
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
