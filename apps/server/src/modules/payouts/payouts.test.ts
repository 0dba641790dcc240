import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/harness.js';

describeEachDatabase('payout status', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('says payouts are disabled, to signed-in users only', async () => {
    const user = await t.signIn('po1@cornell.edu');
    const res = await t.call({ method: 'GET', url: '/api/stripe/account-status', token: user.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ payouts_enabled: false });
    expect((await t.call({ method: 'GET', url: '/api/stripe/account-status' })).statusCode).toBe(401);
  });
});
