import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../db/schema.js';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/harness.js';
import { browserKeys } from '../../test/push-service.js';

describeEachDatabase('push subscriptions', (kind) => {
  let t: TestApp;
  let strict: TestApp;
  const vapid = webpush.generateVAPIDKeys();
  beforeAll(async () => {
    t = await createTestApp(kind, { config: { vapidPublicKey: vapid.publicKey, vapidPrivateKey: vapid.privateKey } });
    // As in production: only public addresses.
    strict = await createTestApp(kind, { config: { pushAllowLoopback: false } });
  });
  afterAll(async () => {
    await t.close();
    await strict.close();
  });

  const subscription = (endpoint: string, keys: { p256dh: string; auth: string } = browserKeys()) => ({
    endpoint,
    expirationTime: null,
    keys: { p256dh: keys.p256dh, auth: keys.auth },
  });
  // Each call from its own address, so the route's per-address limit does not cut the test short.
  let calls = 0;
  const subscribe = (app: TestApp, token: string | undefined, payload: unknown) => {
    calls += 1;
    return app.call({ method: 'POST', url: '/api/push/subscriptions', token, payload: payload as object, remoteAddress: `10.9.${calls >> 8}.${calls & 255}` });
  };
  const rowsOf = (app: TestApp, endpoint: string) =>
    app.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));

  it('gives the configured VAPID public key without sign-in', async () => {
    const res = await t.call({ method: 'GET', url: '/api/push/public-key' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ publicKey: vapid.publicKey });
  });

  it('stores a subscription for the caller; the same endpoint moves to whoever subscribes it last', async () => {
    const alice = await t.signIn('alice@cornell.edu');
    const bob = await t.signIn('bob@cornell.edu');
    const endpoint = 'http://127.0.0.1:9/push/shared-browser';
    expect((await subscribe(t, undefined, subscription(endpoint))).statusCode).toBe(401);

    const first = await subscribe(t, alice.token, subscription(endpoint));
    expect(first.statusCode).toBe(204);
    expect((await rowsOf(t, endpoint)).map((row) => row.userId)).toEqual([alice.id]);

    const keys = browserKeys();
    expect((await subscribe(t, bob.token, subscription(endpoint, keys))).statusCode).toBe(204);
    const rows = await rowsOf(t, endpoint);
    expect(rows.map((row) => [row.userId, row.p256dh, row.auth])).toEqual([[bob.id, keys.p256dh, keys.auth]]);
  });

  it('concurrent subscriptions of one endpoint leave exactly one row, never an error', async () => {
    const people = await Promise.all(['p1', 'p2', 'p3', 'p4'].map((name) => t.signIn(`${name}@cornell.edu`)));
    const endpoint = 'http://127.0.0.1:9/push/raced';
    const answers = await Promise.all(Array.from({ length: 12 }, (_, index) => subscribe(t, people[index % people.length]!.token, subscription(endpoint))));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(12).fill(204));
    const rows = await rowsOf(t, endpoint);
    expect(rows).toHaveLength(1);
    expect(people.map((person) => person.id)).toContain(rows[0]!.userId);
  });

  it('deletes only the caller’s own subscription', async () => {
    const alice = await t.signIn('alice@cornell.edu');
    const bob = await t.signIn('bob@cornell.edu');
    const endpoint = 'http://127.0.0.1:9/push/alice-phone';
    await subscribe(t, alice.token, subscription(endpoint));
    const remove = (token: string) => t.call({ method: 'DELETE', url: '/api/push/subscriptions', token, payload: { endpoint } });

    expect((await remove(bob.token)).statusCode).toBe(204);
    expect(await rowsOf(t, endpoint)).toHaveLength(1);
    expect((await remove(alice.token)).statusCode).toBe(204);
    expect(await rowsOf(t, endpoint)).toHaveLength(0);
    // Twice is fine: the browser's state is what counts.
    expect((await remove(alice.token)).statusCode).toBe(204);
    const bad = await t.call({ method: 'DELETE', url: '/api/push/subscriptions', token: alice.token, payload: { endpoint: 'nope' } });
    expect(bad.statusCode).toBe(400);
  });

  describe('refuses keys that cannot be encrypted for', () => {
    const endpoint = 'http://127.0.0.1:9/push/bad-keys';
    const good = browserKeys();
    const offCurve = Buffer.from(good.p256dh, 'base64url');
    offCurve[40] = offCurve[40]! ^ 1;
    const cases: [string, { p256dh: string; auth: string }, RegExp][] = [
      ['a p256dh that is not base64url', { p256dh: 'not base64!', auth: good.auth }, /p256dh/],
      ['a p256dh of 64 bytes', { p256dh: Buffer.alloc(64, 4).toString('base64url'), auth: good.auth }, /p256dh/],
      ['a p256dh not on the curve', { p256dh: offCurve.toString('base64url'), auth: good.auth }, /p256dh/],
      ['a compressed p256dh', { p256dh: Buffer.concat([Buffer.from([2]), Buffer.from(good.p256dh, 'base64url').subarray(1, 33)]).toString('base64url'), auth: good.auth }, /p256dh/],
      ['an auth of 15 bytes', { p256dh: good.p256dh, auth: Buffer.alloc(15, 1).toString('base64url') }, /auth/],
      ['an auth that is not base64url', { p256dh: good.p256dh, auth: '%%%%%%%%%%%%%%%%%%%%%%' }, /auth/],
    ];
    it.each(cases)('%s is a 400', async (_name, keys, message) => {
      const alice = await t.signIn('alice@cornell.edu');
      const res = await subscribe(t, alice.token, subscription(endpoint, keys));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(message) });
      expect(await rowsOf(t, endpoint)).toHaveLength(0);
    });

    it('a missing key or a body that is no subscription is a 400', async () => {
      const alice = await t.signIn('alice@cornell.edu');
      for (const payload of [{ endpoint }, { endpoint, keys: { p256dh: good.p256dh } }, { endpoint: 'not a url', keys: good }, {}]) {
        const res = await subscribe(t, alice.token, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe('VALIDATION_FAILED');
      }
    });
  });

  describe('endpoints the server may not call (SSRF)', () => {
    const refusedEverywhere = [
      'http://10.1.2.3/push',
      'https://10.1.2.3/push',
      'https://192.168.1.10/push',
      'https://172.20.0.5/push',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/push',
      'https://[fd00::1]/push',
      'https://[fe80::1]/push',
      'https://[::ffff:10.0.0.1]/push',
      'https://0.0.0.0/push',
      'ftp://203.0.114.1/push',
      'https://user:secret@8.8.8.8/push',
      'https://push.example.invalid/push',
    ];
    it.each(refusedEverywhere)('%s is a 400 in every environment', async (endpoint) => {
      for (const app of [t, strict]) {
        const user = await app.signIn('carol@cornell.edu');
        const res = await subscribe(app, user.token, subscription(endpoint));
        expect(res.statusCode, `${endpoint} ${res.body}`).toBe(400);
        expect(res.json().code).toMatch(/BAD_REQUEST|VALIDATION_FAILED/);
      }
    });

    const loopback = ['http://127.0.0.1:8080/push', 'http://localhost:8080/push', 'https://[::1]/push', 'https://127.0.0.2/push', 'http://[::ffff:127.0.0.1]:8080/push'];
    it.each(loopback)('%s (loopback) is allowed outside production only; a name is resolved and checked', async (endpoint) => {
      const inTests = await subscribe(t, (await t.signIn('dan@cornell.edu')).token, subscription(endpoint));
      expect(inTests.statusCode, inTests.body).toBe(204);
      const inProduction = await subscribe(strict, (await strict.signIn('dan@cornell.edu')).token, subscription(endpoint));
      expect(inProduction.statusCode).toBe(400);
      expect(inProduction.json().code).toBe('BAD_REQUEST');
    });

    it('plain http is refused for a public address, and accepted nowhere in production', async () => {
      const user = await strict.signIn('erin@cornell.edu');
      const res = await subscribe(strict, user.token, subscription('http://8.8.8.8/push'));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/https/);
      const relaxed = await subscribe(t, (await t.signIn('erin@cornell.edu')).token, subscription('http://8.8.8.8/push'));
      expect(relaxed.statusCode).toBe(400);
    });

    it('an https endpoint on a public address is stored', async () => {
      const user = await strict.signIn('erin@cornell.edu');
      const endpoint = 'https://8.8.8.8/push/abc';
      expect((await subscribe(strict, user.token, subscription(endpoint))).statusCode).toBe(204);
      expect(await rowsOf(strict, endpoint)).toHaveLength(1);
    });
  });
});
