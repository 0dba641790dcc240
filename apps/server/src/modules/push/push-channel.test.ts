import { and, eq } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { notifications, pushSubscriptions } from '../../db/schema.js';
import type { Delivery } from '../../lib/delivery-channel.js';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/harness.js';
import { browserKeys, decryptPush, startPushService } from '../../test/push-service.js';
import { bookRide, postRide, RIDES_TEST_START } from '../../test/ride-fixtures.js';
import { createPushChannel } from './push-channel.js';

const PUBLIC_URL = 'https://carpool.example.edu';

describeEachDatabase('push channel', (kind) => {
  let t: TestApp;
  let pushService: Awaited<ReturnType<typeof startPushService>>;
  const vapid = webpush.generateVAPIDKeys();
  const vapidKeys = { ...vapid, subject: 'mailto:admin@carpool.example.edu' };

  beforeAll(async () => {
    t = await createTestApp(kind, { start: RIDES_TEST_START, config: { vapidPublicKey: vapid.publicKey, vapidPrivateKey: vapid.privateKey } });
    pushService = await startPushService();
  });
  afterAll(async () => {
    await pushService.close();
    await t.close();
  });
  beforeEach(() => {
    pushService.received.length = 0;
  });

  const channel = () => createPushChannel({ db: t.database.db, vapidKeys, rules: { allowLoopback: true }, log: t.app.log });

  /** Bob books Alice's ride: the real booking_requested notification row of Alice, as the outbox would hand it over. */
  let people = 0;
  async function bookingDelivery() {
    // New people for every test: subscriptions of one test do not reach into the next.
    people += 1;
    const alice = await t.signIn(`alice${people}@cornell.edu`, 'Alice Driver');
    const bob = await t.signIn(`bob${people}@cornell.edu`, 'Bob Rider');
    const ride = await postRide(t, alice.token);
    expect((await bookRide(t, bob.token, ride.id)).statusCode).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, alice.id), eq(notifications.rideId, ride.id), eq(notifications.kind, 'booking_requested')));
    const delivery: Delivery = {
      idempotencyKey: `${row!.id}:push`,
      userId: row!.userId,
      notificationId: row!.id,
      category: 'bookings',
      kind: row!.kind,
      title: row!.title,
      body: row!.body,
      url: `${PUBLIC_URL}/my-rides`,
    };
    return { alice, bob, delivery };
  }

  async function subscribe(token: string, path: string) {
    const keys = browserKeys();
    const res = await t.call({
      method: 'POST',
      url: '/api/push/subscriptions',
      token,
      payload: { endpoint: pushService.url(path), keys: { p256dh: keys.p256dh, auth: keys.auth } },
    });
    expect(res.statusCode, res.body).toBe(204);
    return keys;
  }

  const endpointsOf = async (userId: string) =>
    (await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))).map((row) => row.endpoint).sort();

  it('sends the booking notification encrypted; the browser decrypts its title and link', async () => {
    const { alice, delivery } = await bookingDelivery();
    const keys = await subscribe(alice.token, '/push/alice-laptop');

    expect(await channel().deliver(delivery)).toEqual({ status: 'sent' });

    expect(pushService.received).toHaveLength(1);
    const [message] = pushService.received;
    expect(message!.path).toBe('/push/alice-laptop');
    expect(message!.headers['content-encoding']).toBe('aes128gcm');
    expect(message!.headers.ttl).toBe(String(24 * 3600));
    expect(message!.headers.urgency).toBe('high');
    expect(message!.headers.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // Signed with the key the browser subscribed with (GET /api/push/public-key).
    const publicKey = (await t.call({ method: 'GET', url: '/api/push/public-key' })).json().publicKey;
    expect(message!.vapid.publicKey).toBe(publicKey);
    expect(message!.vapid.subject).toBe('mailto:admin@carpool.example.edu');
    // The ciphertext says nothing readable.
    expect(message!.body.toString('latin1')).not.toContain(delivery.title);

    const payload = decryptPush(message!.body, keys);
    expect(payload).toEqual({ title: delivery.title, body: delivery.body, url: `${PUBLIC_URL}/my-rides`, tag: `notification-${delivery.notificationId}` });
    expect(delivery.title).toMatch(/booking|request/i);
  });

  it('every device of the person gets it; a retry carries the same topic', async () => {
    const { alice, delivery } = await bookingDelivery();
    const phone = await subscribe(alice.token, '/push/alice-phone');
    const tablet = await subscribe(alice.token, '/push/alice-tablet');
    await channel().deliver(delivery);
    await channel().deliver(delivery);
    const byPath = (path: string) => pushService.received.filter((each) => each.path === path);
    expect(byPath('/push/alice-phone')).toHaveLength(2);
    expect((decryptPush(byPath('/push/alice-phone')[0]!.body, phone) as { title: string }).title).toBe(delivery.title);
    expect((decryptPush(byPath('/push/alice-tablet')[0]!.body, tablet) as { title: string }).title).toBe(delivery.title);
    expect(new Set(pushService.received.map((each) => each.headers.topic)).size).toBe(1);
  });

  it('deletes a subscription answered 410 or 404 and keeps the others', async () => {
    const { alice, delivery } = await bookingDelivery();
    pushService.answer('/push/alice-gone', 410);
    pushService.answer('/push/alice-unknown', 404);
    await subscribe(alice.token, '/push/alice-gone');
    await subscribe(alice.token, '/push/alice-unknown');
    await subscribe(alice.token, '/push/alice-desk');

    expect(await channel().deliver(delivery)).toEqual({ status: 'sent' });
    expect(await endpointsOf(alice.id)).toEqual([pushService.url('/push/alice-desk')]);
  });

  it('with every subscription gone, or none, the delivery is skipped', async () => {
    const { alice, delivery } = await bookingDelivery();
    expect(await channel().deliver(delivery)).toMatchObject({ status: 'skipped' });
    expect(pushService.received).toHaveLength(0);

    pushService.answer('/push/alice-expired', 410);
    await subscribe(alice.token, '/push/alice-expired');
    expect(await channel().deliver(delivery)).toMatchObject({ status: 'skipped' });
    expect(await endpointsOf(alice.id)).toEqual([]);
  });

  it('a person who deleted their subscription gets no push', async () => {
    const { alice, delivery } = await bookingDelivery();
    await subscribe(alice.token, '/push/alice-old');
    const removed = await t.call({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      token: alice.token,
      payload: { endpoint: pushService.url('/push/alice-old') },
    });
    expect(removed.statusCode).toBe(204);
    expect(await channel().deliver(delivery)).toMatchObject({ status: 'skipped' });
    expect(pushService.received).toHaveLength(0);
  });

  it('a push service that fails is retried later (the subscription stays); a 4xx other than 404/410/429 is not', async () => {
    const { alice, delivery } = await bookingDelivery();
    pushService.answer('/push/alice-busy', 503);
    await subscribe(alice.token, '/push/alice-busy');
    expect(await channel().deliver(delivery)).toMatchObject({ status: 'failed', permanent: false, error: expect.stringContaining('503') });
    pushService.answer('/push/alice-busy', 413);
    expect(await channel().deliver(delivery)).toMatchObject({ status: 'failed', permanent: true });
    expect(await endpointsOf(alice.id)).toEqual([pushService.url('/push/alice-busy')]);

    pushService.answer('/push/alice-busy', 201);
    expect(await channel().deliver(delivery)).toEqual({ status: 'sent' });
  });

  it('an endpoint that became unreachable is a retryable failure', async () => {
    const { alice, delivery } = await bookingDelivery();
    await t.database.db.insert(pushSubscriptions).values({ userId: alice.id, endpoint: 'http://127.0.0.1:1/push/closed-port', ...keysOf(browserKeys()) });
    expect(await channel().deliver(delivery)).toMatchObject({ status: 'failed', permanent: false });
  });

  it('checks addresses again when sending: a stored endpoint that now points inside the network is not called', async () => {
    const { alice, delivery } = await bookingDelivery();
    // As if the name had resolved to a public address at subscription and to loopback now (DNS rebinding).
    const rebound = pushService.url('/push/rebound').replace('http://127.0.0.1', 'https://localhost');
    await t.database.db.insert(pushSubscriptions).values({ userId: alice.id, endpoint: rebound, ...keysOf(browserKeys()) });
    const production = createPushChannel({ db: t.database.db, vapidKeys, rules: { allowLoopback: false }, log: t.app.log });
    expect(await production.deliver(delivery)).toMatchObject({ status: 'failed', permanent: true, error: expect.stringMatching(/not a public address/) });

    await t.database.db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, rebound));
    await t.database.db.insert(pushSubscriptions).values({ userId: alice.id, endpoint: 'http://10.0.0.7/push/private', ...keysOf(browserKeys()) });
    await subscribe(alice.token, '/push/alice-ok');
    expect(await channel().deliver(delivery)).toEqual({ status: 'sent' });
    expect(pushService.received.map((each) => each.path)).toEqual(['/push/alice-ok']);
  });
});

function keysOf(keys: { p256dh: string; auth: string }) {
  return { p256dh: keys.p256dh, auth: keys.auth };
}
