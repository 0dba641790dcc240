import type { AdminSubscribers } from '@carpool/shared/schemas/subscriptions';
import type { SignedInUser } from '@carpool/shared/schemas/users';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { subscriptions } from '../../db/schema.js';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/harness.js';

describeEachDatabase('newsletter subscribers in the admin console', (kind) => {
  let t: TestApp;
  let admin: SignedInUser;
  let reader: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp(kind, { start: new Date('2026-03-01T12:00:00Z'), config: { adminEmails: ['boss@cornell.edu'] } });
    admin = await t.signIn('boss@cornell.edu', 'Ada Admin');
    reader = await t.signIn('reader@cornell.edu', 'Rea Der');
    // Confirmed ones (the link of the e-mail opened), one in the same millisecond as another, and
    // addresses a spreadsheet would take for formulas; and two still pending.
    const confirmed: [email: string, region: 'cornell' | 'nj', confirmedAt: string][] = [
      ['first@example.com', 'cornell', '2026-02-01T10:00:00.000000Z'],
      ['second@example.com', 'nj', '2026-02-02T10:00:00.000100Z'],
      ['third@example.com', 'cornell', '2026-02-02T10:00:00.000900Z'],
      ['=HYPERLINK("http://evil.example","x")@example.com', 'cornell', '2026-02-03T10:00:00.000000Z'],
      ['+1@example.com', 'nj', '2026-02-04T10:00:00.000000Z'],
      ['-2@example.com', 'nj', '2026-02-05T10:00:00.000000Z'],
      ['@cmd@example.com', 'cornell', '2026-02-06T10:00:00.000000Z'],
    ];
    await t.database.db
      .insert(subscriptions)
      .values(confirmed.map(([email, region, at]) => ({ email, region, confirmedAt: sql`${at}::timestamptz` })));
    for (const email of ['pending@example.com', 'later@example.com']) {
      expect((await t.call({ method: 'POST', url: '/api/subscriptions', payload: { email }, region: 'nj' })).statusCode).toBe(200);
    }
  });
  afterAll(() => t.close());

  const list = async (query = '') => {
    const res = await t.call({ method: 'GET', url: `/api/admin/subscribers${query}`, token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AdminSubscribers>();
  };
  const NEWEST_FIRST = [
    '@cmd@example.com',
    '-2@example.com',
    '+1@example.com',
    '=HYPERLINK("http://evil.example","x")@example.com',
    'third@example.com',
    'second@example.com',
    'first@example.com',
  ];

  it('lists confirmed subscribers, the latest confirmed first, with the counts of confirmed and pending', async () => {
    const body = await list();
    expect(body.counts).toEqual({ confirmed: 7, pending: 2 });
    expect(body.subscribers.map((row) => row.email)).toEqual(NEWEST_FIRST);
    expect(body.subscribers.at(-1)).toEqual({ id: expect.any(String), email: 'first@example.com', region: 'cornell', confirmedAt: '2026-02-01T10:00:00.000Z' });
    expect(body.nextBefore).toBeNull();
  });

  it('pages with before = nextBefore, within one millisecond too', async () => {
    // Pages of 5 end between third@ and second@, confirmed in the same millisecond.
    for (const limit of [2, 5]) {
      const seen: string[] = [];
      let before: string | null = null;
      do {
        const page: AdminSubscribers = await list(`?limit=${limit}${before ? `&before=${encodeURIComponent(before)}` : ''}`);
        expect(page.counts).toEqual({ confirmed: 7, pending: 2 });
        seen.push(...page.subscribers.map((row) => row.email));
        before = page.nextBefore;
      } while (before && seen.length < 20);
      expect(seen, `limit ${limit}`).toEqual(NEWEST_FIRST);
    }
  });

  it('downloads the confirmed subscribers as a CSV attachment, formulas made harmless', async () => {
    const res = await t.call({ method: 'GET', url: '/api/admin/subscribers.csv', token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="carpool-subscribers-2026-03-01.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.split('\r\n')).toEqual([
      'email,region,confirmed_at',
      "'@cmd@example.com,cornell,2026-02-06T10:00:00.000Z",
      "'-2@example.com,nj,2026-02-05T10:00:00.000Z",
      "'+1@example.com,nj,2026-02-04T10:00:00.000Z",
      `"'=HYPERLINK(""http://evil.example"",""x"")@example.com",cornell,2026-02-03T10:00:00.000Z`,
      'third@example.com,cornell,2026-02-02T10:00:00.000Z',
      'second@example.com,nj,2026-02-02T10:00:00.000Z',
      'first@example.com,cornell,2026-02-01T10:00:00.000Z',
      '',
    ]);
    expect(res.body).not.toContain('pending@example.com');
  });

  it('answers 401 signed out and 403 to a non-admin', async () => {
    for (const url of ['/api/admin/subscribers', '/api/admin/subscribers.csv']) {
      expect((await t.call({ method: 'GET', url })).statusCode).toBe(401);
      const refused = await t.call({ method: 'GET', url, token: reader.token });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('FORBIDDEN');
    }
  });

  it('refuses a limit out of 1..200 and a cursor it did not give', async () => {
    for (const query of ['?limit=0', '?limit=201', '?before=00000000-0000-4000-8000-000000000000']) {
      expect((await t.call({ method: 'GET', url: `/api/admin/subscribers${query}`, token: admin.token })).statusCode, query).toBe(400);
    }
  });
});
