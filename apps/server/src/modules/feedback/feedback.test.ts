import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { feedback } from '../../db/schema.js';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/harness.js';

describeEachDatabase('feedback', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const latest = async () => (await t.database.db.select().from(feedback).orderBy(desc(feedback.createdAt)).limit(1))[0];
  const send = (payload: Record<string, unknown>, options: { token?: string; region?: string } = {}) =>
    t.call({ method: 'POST', url: '/api/feedback', payload, ...options });

  it('stores anonymous feedback with an optional e-mail', async () => {
    const res = await send({ comment: '  Love the app  ', email: '' }, { region: 'nj' });
    expect(res.statusCode).toBe(201);
    expect(res.json().id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await latest()).toMatchObject({ id: res.json().id, comment: 'Love the app', email: null, userId: null, region: 'nj' });
  });

  it('links feedback of a signed-in user to the account', async () => {
    const user = await t.signIn('fb1@cornell.edu', 'Fay Back');
    const res = await send({ comment: 'Add a dark map', email: 'FB1@cornell.edu' }, { token: user.token });
    expect(res.statusCode).toBe(201);
    expect(await latest()).toMatchObject({ userId: user.id, email: 'fb1@cornell.edu', region: 'cornell' });
  });

  it('requires a comment of at most 1000 characters and a valid e-mail when given', async () => {
    expect((await send({ comment: 'x'.repeat(1000) })).statusCode).toBe(201);
    for (const body of [{}, { comment: '   ' }, { comment: 'x'.repeat(1001) }, { comment: 'ok', email: 'nope' }]) {
      const res = await send(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('refuses a bad token rather than storing the feedback anonymously', async () => {
    expect((await send({ comment: 'hi' }, { token: 'not-a-session' })).statusCode).toBe(401);
  });
});
