import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { subscriptions } from '../../db/schema.js';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/harness.js';

describeEachDatabase('subscriptions', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const subscribe = (email: unknown, region?: string) =>
    t.call({ method: 'POST', url: '/api/subscriptions', region, payload: { email } });
  const rowsFor = async (email: string) =>
    (await t.database.db.select({ region: subscriptions.region }).from(subscriptions).where(eq(subscriptions.email, email))).map((r) => r.region).sort();

  it('stores one subscription per address and region; twice is fine', async () => {
    const first = await subscribe('  Reader@Example.com ', 'nj');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ email: 'reader@example.com', region: 'nj', subscribed: true });
    expect((await subscribe('reader@example.com', 'nj')).statusCode).toBe(200);
    expect((await subscribe('reader@example.com')).json().region).toBe('cornell');
    expect(await rowsFor('reader@example.com')).toEqual(['cornell', 'nj']);
    const [total] = await t.database.db.select({ n: count() }).from(subscriptions);
    expect(total!.n).toBe(2);
  });

  it('needs a valid e-mail and a known region', async () => {
    for (const email of ['', 'not-an-email', undefined]) {
      const res = await subscribe(email);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    const badRegion = await subscribe('reader@example.com', 'mars');
    expect(badRegion.statusCode).toBe(400);
    expect(badRegion.json().code).toBe('INVALID_REGION');
  });
});
