import type { AdminRegion, RegionSummary } from '@carpool/shared/schemas/regions';
import type { AuditEntry } from '@carpool/shared/schemas/trust';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/harness.js';
import { regionInput } from '../../test/region-fixtures.js';
import { rideBody, rideRequestBody } from '../../test/ride-fixtures.js';

const ROCHESTER = regionInput('rochester', { emailDomains: ['rochester.edu', 'RIT.edu'] });
const TEN_PLACES = [
  'slug,label,lat,lng',
  'rochester,Rochester,43.1566,-77.6088',
  'buffalo,Buffalo,42.8865,-78.8784',
  'syracuse,Syracuse,43.0481,-76.1474',
  'ithaca,Ithaca,42.4406,-76.4966',
  'albany,Albany,42.6526,-73.7562',
  'new_york_city,New York City,40.7143,-74.006',
  'toronto,Toronto,43.7001,-79.4163',
  'cleveland,Cleveland,41.4995,-81.6954',
  'pittsburgh,Pittsburgh,40.4406,-79.9959',
  'boston,Boston,42.3584,-71.0598',
].join('\n');

describeEachDatabase('regions in the console', (kind) => {
  let t: TestApp;
  let admin: { id: string; token: string };
  let student: { id: string; token: string };

  beforeAll(async () => {
    // No ALLOWED_EMAIL_DOMAINS: each region's own domains decide, as in a deployment that leaves it unset.
    t = await createTestApp(kind, { config: { adminEmails: ['regions-admin@cornell.edu'], allowedEmailDomains: null } });
    admin = await t.signIn('regions-admin@cornell.edu', 'Ada Admin');
    student = await t.signIn('regions-student@cornell.edu', 'Sam Student');
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: unknown, token = admin.token) => t.call({ method, url, token, payload: payload as never });
  const liveSlugs = async () => (await t.call({ method: 'GET', url: '/api/regions' })).json<RegionSummary[]>().map((region) => region.slug);

  it('refuses colours that fail WCAG AA with their ratio, and everyone but platform administrators', async () => {
    const pale = await call('POST', '/api/admin/regions', { ...ROCHESTER, theme: { light: '#ffa500', dark: '#7c2d12' } });
    expect(pale.statusCode).toBe(400);
    expect(pale.json()).toMatchObject({ code: 'CONTRAST_TOO_LOW', details: { minimum: 4.5 } });
    expect(pale.json().message).toMatch(/white text on #ffa500 has a contrast of 1\.97:1; #7c2d12 on the dark background has a contrast of \d\.\d\d:1/);
    expect((await call('POST', '/api/admin/regions', ROCHESTER, student.token)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/regions', undefined, student.token)).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/regions', { ...ROCHESTER, slug: 'my-rides' })).statusCode).toBe(400);
  });

  it('creates a draft, imports its places only from a file with no bad row, publishes it, and writes an audit row for each step', async () => {
    const created = await call('POST', '/api/admin/regions', ROCHESTER);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<AdminRegion>()).toMatchObject({ slug: 'rochester', status: 'draft', emailDomains: ['rochester.edu', 'rit.edu'], places: [] });
    expect(created.json<AdminRegion>().theme.scale['600']).toBe('#c2410c');
    expect(created.json<AdminRegion>().contrast.light).toBeGreaterThanOrEqual(4.5);
    expect((await call('POST', '/api/admin/regions', ROCHESTER)).statusCode).toBe(409);
    expect((await call('POST', '/api/admin/regions/rochester/publish')).json()).toMatchObject({ code: 'INVALID_TRANSITION' });
    expect(await liveSlugs()).toEqual(['cornell', 'nj']);

    const bad = await call('PUT', '/api/admin/regions/rochester/places', {
      format: 'csv',
      content: `${TEN_PLACES}\nbuffalo,Buffalo again,42.9,-78.9\ngeneva,Geneva,,-76.98\nutica,Utica,123,-75.23`,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'PLACES_INVALID',
      details: {
        problems: [
          { row: 12, message: 'slug "buffalo" is already on row 3' },
          { row: 13, message: 'the latitude is missing or not a number' },
          { row: 14, message: 'latitude 123 is outside -90 to 90' },
        ],
      },
    });
    expect((await call('GET', '/api/admin/regions/rochester')).json<AdminRegion>().places).toEqual([]);

    const imported = await call('PUT', '/api/admin/regions/rochester/places', { format: 'csv', content: TEN_PLACES });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json<AdminRegion>().places).toHaveLength(10);
    const published = await call('POST', '/api/admin/regions/rochester/publish');
    expect(published.json<AdminRegion>().status).toBe('live');
    expect(await liveSlugs()).toEqual(['cornell', 'nj', 'rochester']);
    expect((await t.call({ method: 'GET', url: '/api/regions/rochester' })).json().places[0]).toEqual({ slug: 'rochester', label: 'Rochester', lat: 43.1566, lng: -77.6088 });

    const audit = (await call('GET', '/api/admin/audit?targetId=rochester')).json<{ entries: AuditEntry[] }>().entries;
    expect(audit.map((entry) => entry.action).sort()).toEqual(['region_created', 'region_places_imported', 'region_published']);
    expect(audit.every((entry) => entry.actor?.id === admin.id && entry.targetType === 'region')).toBe(true);
  });

  it('keeps the places of a published region: a file may add and relabel, not drop one', async () => {
    const dropped = await call('PUT', '/api/admin/regions/rochester/places', { format: 'csv', content: TEN_PLACES.split('\n').slice(0, 10).join('\n') });
    expect(dropped.statusCode).toBe(409);
    expect(dropped.json()).toMatchObject({ code: 'PLACE_IN_USE', details: { places: ['boston'] } });
    const added = await call('PUT', '/api/admin/regions/rochester/places', { format: 'csv', content: `${TEN_PLACES.replace('Rochester,43', 'Rochester (downtown),43')}\ngeneva,Geneva,42.8689,-76.9777` });
    expect(added.statusCode).toBe(200);
    expect(added.json<AdminRegion>().places.map((place) => place.label)).toContain('Rochester (downtown)');
    expect(added.json<AdminRegion>().places).toHaveLength(11);
  });

  it('edits wording and colours, sets colleges and moderators, and archives', async () => {
    const edited = await call('PATCH', '/api/admin/regions/rochester', { subtitle: 'Rides from the Flower City', theme: { light: '#9a3412', dark: '#fdba74' } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<AdminRegion>()).toMatchObject({ subtitle: 'Rides from the Flower City', theme: { light: '#9a3412', dark: '#fdba74' } });
    expect((await call('PATCH', '/api/admin/regions/rochester', { theme: { light: '#fde68a', dark: '#fdba74' } })).json().code).toBe('CONTRAST_TOO_LOW');

    const colleges = await call('PUT', '/api/admin/regions/rochester/colleges', { colleges: [{ slug: 'rochester-u', name: 'University of Rochester', emailDomains: ['rochester.edu'] }] });
    expect(colleges.statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/regions/rochester' })).json().colleges).toEqual([{ slug: 'rochester-u', name: 'University of Rochester' }]);
    expect((await call('PUT', '/api/admin/regions/rochester/colleges', { colleges: [{ slug: 'cornell', name: 'Cornell', emailDomains: ['cornell.edu'] }] })).statusCode).toBe(409);
    // A student of the region gets its college, which the search's filter knows.
    const minted = await t.call({ method: 'POST', url: '/api/dev/id-token', payload: { email: 'rory@rochester.edu', name: 'Rory' } });
    const rory = await t.call({ method: 'POST', url: '/api/auth/google', region: 'rochester', payload: { tokenId: minted.json().tokenId } });
    expect(rory.statusCode, rory.body).toBe(200);
    expect(rory.json().college).toBe('rochester-u');
    expect((await t.call({ method: 'GET', url: '/api/rides/getall?colleges=rochester-u', region: 'rochester' })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/rides/getall?colleges=harvard', region: 'rochester' })).statusCode).toBe(400);
    // Not a Rochester address: refused there with the specification's domain error.
    const other = await t.call({ method: 'POST', url: '/api/dev/id-token', payload: { email: 'pat@psu.edu', name: 'Pat' } });
    const refused = await t.call({ method: 'POST', url: '/api/auth/google', region: 'rochester', payload: { tokenId: other.json().tokenId } });
    expect(refused.json()).toMatchObject({ code: 'INVALID_EMAIL_DOMAIN' });

    const moderators = await call('PUT', '/api/admin/regions/rochester/moderators', { emails: ['Mod@Rochester.edu'] });
    expect(moderators.json<AdminRegion>().moderators).toEqual(['mod@rochester.edu']);

    const archived = await call('POST', '/api/admin/regions/rochester/archive', { reason: 'the student group ended' });
    expect(archived.json<AdminRegion>().status).toBe('archived');
    expect(await liveSlugs()).toEqual(['cornell', 'nj']);
    // The web app's list has it, marked archived, so that its pages stay readable; the stylesheet paints them.
    const served = (await t.call({ method: 'GET', url: '/api/regions?include=archived' })).json<RegionSummary[]>();
    expect(served.map((region) => [region.slug, region.status])).toEqual([['cornell', 'live'], ['nj', 'live'], ['rochester', 'archived']]);
    expect((await t.call({ method: 'GET', url: '/api/regions?include=drafts' })).statusCode).toBe(400);
    expect((await t.call({ method: 'GET', url: '/api/regions.css' })).body).toContain('[data-region="rochester"]{');
    // Archived, it is still read: its people keep what they have; nothing new is posted there.
    expect((await t.call({ method: 'GET', url: '/api/regions/rochester' })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/rides/getall', region: 'rochester' })).statusCode).toBe(200);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const ride = await t.call({
      method: 'POST',
      url: '/api/rides',
      token: student.token,
      region: 'rochester',
      payload: rideBody({ from: 'rochester', to: 'buffalo', date: tomorrow }),
    });
    expect(ride.statusCode).toBe(409);
    expect(ride.json()).toMatchObject({ code: 'REGION_ARCHIVED' });
    const request = await t.call({
      method: 'POST',
      url: '/api/ride-requests',
      token: student.token,
      region: 'rochester',
      payload: rideRequestBody({ from: 'rochester', to: 'buffalo', date: tomorrow }),
    });
    expect(request.json()).toMatchObject({ code: 'REGION_ARCHIVED' });
  });
});
