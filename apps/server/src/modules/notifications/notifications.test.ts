import type { SignedInUser } from '@carpool/shared/schemas/users';
import type { Notification } from '@carpool/shared/schemas/notifications';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/harness.js';
import { insertRide } from '../../test/messaging-fixtures.js';
import { createNotification } from './notifications.service.js';

describeEachDatabase('notifications', (kind) => {
  let t: TestApp;
  let gus: SignedInUser;
  let hal: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    gus = await t.signIn('gus@cornell.edu', 'Gus Green');
    hal = await t.signIn('hal@cornell.edu', 'Hal Hill');
  });
  afterAll(() => t.close());

  const list = (user: SignedInUser, query = '') => t.call({ method: 'GET', url: `/api/notifications${query}`, token: user.token });
  const read = (user: SignedInUser, payload?: Record<string, unknown>) =>
    t.call({ method: 'POST', url: '/api/notifications/read', token: user.token, ...(payload ? { payload } : {}) });

  async function notify(userId: string, title: string) {
    const push = await createNotification(t.database.db, t.app.deps.events, { userId, kind: 'booking_requested', title, body: '' });
    push();
  }

  it("lists the caller's notifications newest first with the unread count, and marks the listed ones or all read", async () => {
    for (const title of ['one', 'two', 'three']) {
      await notify(gus.id, title);
    }
    await notify(hal.id, "hal's");

    const res = await list(gus);
    expect(res.statusCode).toBe(200);
    expect(res.json().unreadCount).toBe(3);
    expect(res.json().notifications.map((n: { title: string }) => n.title)).toEqual(['three', 'two', 'one']);
    expect((await list(gus, '?limit=1')).json()).toMatchObject({ unreadCount: 3, notifications: [{ title: 'three' }] });

    const [newest, middle] = res.json().notifications as Array<{ id: string }>;
    const halsId = (await list(hal)).json().notifications[0].id;
    // Someone else's id is ignored, not marked.
    const partial = await read(gus, { ids: [newest!.id, middle!.id, halsId] });
    expect(partial.statusCode).toBe(200);
    expect(partial.json()).toEqual({ updated: 2, unreadCount: 1 });
    expect((await list(hal)).json().unreadCount).toBe(1);

    const rest = await read(gus);
    expect(rest.json()).toEqual({ updated: 1, unreadCount: 0 });
    expect((await list(gus)).json().notifications.every((n: { read: boolean }) => n.read)).toBe(true);
  });

  it('is for signed-in callers only and validates ids', async () => {
    expect((await t.call({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
    expect((await t.call({ method: 'POST', url: '/api/notifications/read' })).statusCode).toBe(401);
    const bad = await read(gus, { ids: ['not-a-uuid'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
  });

  it('stores a notification with a dedupe key once', async () => {
    const input = { userId: hal.id, kind: 'review_due' as const, title: 'Review your ride', body: '', dedupeKey: `review-due:${hal.id}:x` };
    (await createNotification(t.database.db, t.app.deps.events, input))();
    (await createNotification(t.database.db, t.app.deps.events, input))();
    const titles = (await list(hal)).json().notifications.map((n: { title: string }) => n.title);
    expect(titles.filter((title: string) => title === 'Review your ride')).toHaveLength(1);
  });

  it('creates exactly one notification for the right person on each booking state change, and pushes it once', async () => {
    const driver = await t.signIn('bk-driver@cornell.edu', 'Drew Driver');
    const first = await t.signIn('bk-first@cornell.edu', 'Fran First');
    const second = await t.signIn('bk-second@rutgers.edu', 'Sid Second');
    const third = await t.signIn('bk-third@example.com', 'Tia Third');
    const people = { driver, first, second, third };
    const rideId = await insertRide(t.database.db, driver.id);

    const pushed: Array<{ userId: string; payload: Notification }> = [];
    const unsubscribe = t.app.deps.events.subscribe('user-event', ({ userId, event, payload }) => {
      if (event === 'notification') pushed.push({ userId, payload: payload as Notification });
    });
    const seen = new Map<string, number>();
    /** Asserts that since the last check exactly one notification was stored and pushed, for `who`, of `kind`. */
    async function expectOneNew(who: keyof typeof people, kind: Notification['kind'], bookingId: string) {
      for (const [name, user] of Object.entries(people)) {
        const stored = (await list(user, '?limit=200')).json().notifications as Notification[];
        const fresh = stored.slice(0, stored.length - (seen.get(user.id) ?? 0));
        seen.set(user.id, stored.length);
        if (name === who) {
          expect(fresh, `${name} after ${kind}`).toHaveLength(1);
          expect(fresh[0]).toMatchObject({ kind, rideId, bookingId, read: false });
        } else {
          expect(fresh, `${name} after ${kind}`).toEqual([]);
        }
      }
      expect(pushed).toHaveLength(1);
      expect(pushed[0]).toMatchObject({ userId: people[who].id, payload: { kind, bookingId } });
      pushed.length = 0;
    }
    const book = async (user: SignedInUser) => {
      const res = await t.call({
        method: 'POST',
        url: '/api/bookings/bookRide',
        token: user.token,
        payload: { rideId, seats: 1, suitcases: 1, paymentIntentId: 'NO_STRIPE' },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    const decide = async (bookingId: string, status: 'confirmed' | 'cancelled') => {
      const res = await t.call({ method: 'PUT', url: `/api/bookings/${bookingId}/status`, token: driver.token, payload: { status } });
      expect(res.statusCode, res.body).toBe(200);
    };

    try {
      const firstBooking = await book(first);
      await expectOneNew('driver', 'booking_requested', firstBooking);
      await decide(firstBooking, 'confirmed');
      await expectOneNew('first', 'booking_confirmed', firstBooking);

      const secondBooking = await book(second);
      await expectOneNew('driver', 'booking_requested', secondBooking);
      await decide(secondBooking, 'cancelled');
      await expectOneNew('second', 'booking_rejected', secondBooking);

      const secondAgain = await book(second);
      await expectOneNew('driver', 'booking_requested', secondAgain);
      const cancelled = await t.call({ method: 'DELETE', url: `/api/bookings/${secondAgain}`, token: second.token });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      await expectOneNew('driver', 'booking_cancelled_by_passenger', secondAgain);

      const thirdBooking = await book(third);
      await expectOneNew('driver', 'booking_requested', thirdBooking);
      const rideCancelled = await t.call({ method: 'DELETE', url: `/api/rides/${rideId}`, token: driver.token });
      expect(rideCancelled.statusCode, rideCancelled.body).toBe(200);
      // One each for the two passengers whose bookings were still active, none for anyone else.
      const firstNew = (await list(first)).json().notifications[0];
      const thirdNew = (await list(third)).json().notifications[0];
      expect(firstNew).toMatchObject({ kind: 'ride_cancelled', rideId, bookingId: firstBooking });
      expect(thirdNew).toMatchObject({ kind: 'ride_cancelled', rideId, bookingId: thirdBooking });
      expect((await list(first, '?limit=200')).json().notifications).toHaveLength((seen.get(first.id) ?? 0) + 1);
      expect((await list(third, '?limit=200')).json().notifications).toHaveLength((seen.get(third.id) ?? 0) + 1);
      expect((await list(second, '?limit=200')).json().notifications).toHaveLength(seen.get(second.id) ?? 0);
      expect((await list(driver, '?limit=200')).json().notifications).toHaveLength(seen.get(driver.id) ?? 0);
      expect(pushed.map((p) => [p.userId, p.payload.kind]).sort()).toEqual(
        [
          [first.id, 'ride_cancelled'],
          [third.id, 'ride_cancelled'],
        ].sort(),
      );
    } finally {
      unsubscribe();
    }
  });
});
