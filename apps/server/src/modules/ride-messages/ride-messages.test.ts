import { MESSAGE_MAX_CHARS } from '@carpool/shared/constants';
import type { RideMessage } from '@carpool/shared/schemas/messages';
import type { SignedInUser } from '@carpool/shared/schemas/users';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rideMessages, users } from '../../db/schema.js';
import { MESSAGE_RATE_LIMIT } from '../../plugins/message-rate-limit.js';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/harness.js';
import { insertBooking, insertRide, setBookingStatus } from '../../test/messaging-fixtures.js';
import { RIDE_CHAT_READ_ONLY, canAccessRideChat, createSystemRideMessage, rideChatAccess } from './ride-messages.service.js';

const NOT_A_PARTICIPANT = 'Only the driver and passengers with a pending or confirmed booking can use this ride chat';
const UNKNOWN_RIDE = '00000000-0000-4000-8000-000000000000';

describeEachDatabase('ride messages', (kind) => {
  let t: TestApp;
  let driver: SignedInUser;
  let pending: SignedInUser;
  let confirmed: SignedInUser;
  let stranger: SignedInUser;
  let rideId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    driver = await t.signIn('driver@cornell.edu', 'Dana Driver');
    pending = await t.signIn('pending@cornell.edu', 'Pat Pending');
    confirmed = await t.signIn('confirmed@rutgers.edu', 'Connie Confirmed');
    stranger = await t.signIn('stranger@example.com', 'Sam Stranger');
    rideId = await insertRide(t.database.db, driver.id);
    await insertBooking(t.database.db, rideId, pending.id, 'pending');
    await insertBooking(t.database.db, rideId, confirmed.id, 'confirmed');
  });
  afterAll(() => t.close());
  // Each test starts in a fresh rate-limit window.
  beforeEach(() => t.clock.advance(MESSAGE_RATE_LIMIT.windowMs));

  const send = (user: SignedInUser, payload: unknown) =>
    t.call({ method: 'POST', url: '/api/messages/send', token: user.token, payload: payload as Record<string, unknown> });
  const history = (user: SignedInUser | null, ride = rideId, query = '') =>
    t.call({ method: 'GET', url: `/api/messages/ride/${ride}${query}`, ...(user ? { token: user.token } : {}) });
  /** What the database holds for a ride, read directly rather than through the API under test. */
  const stored = (ride: string) =>
    t.database.db
      .select({ userId: rideMessages.userId, content: rideMessages.content })
      .from(rideMessages)
      .where(eq(rideMessages.rideId, ride))
      .orderBy(asc(rideMessages.createdAt), asc(rideMessages.id));
  /** Every ride-chat message the app publishes for its sockets while `work` runs. */
  async function published(work: () => Promise<void>): Promise<RideMessage[]> {
    const seen: RideMessage[] = [];
    const unsubscribe = t.app.deps.events.subscribe('ride-event', ({ event, payload }) => {
      if (event === 'new-message') seen.push(payload as RideMessage);
    });
    try {
      await work();
    } finally {
      unsubscribe();
    }
    return seen;
  }

  describe('access', () => {
    it('lets the driver and passengers with a pending or confirmed booking send and read', async () => {
      for (const [index, user] of [driver, pending, confirmed].entries()) {
        const res = await send(user, { rideId, content: `hello ${index}` });
        expect(res.statusCode).toBe(201);
        expect(res.json()).toMatchObject({
          rideId,
          userId: user.id,
          userName: user.name,
          user: { id: user.id, name: user.name, avatar: null },
          content: `hello ${index}`,
          kind: 'user',
        });
      }
      for (const user of [driver, pending, confirmed]) {
        const res = await history(user);
        expect(res.statusCode).toBe(200);
        expect(res.json().map((m: { content: string }) => m.content)).toEqual(['hello 0', 'hello 1', 'hello 2']);
      }
    });

    it('refuses anyone else with 403, an unknown ride with 404 and a signed-out caller with 401', async () => {
      const read = await history(stranger);
      expect(read.statusCode).toBe(403);
      expect(read.json()).toMatchObject({ code: 'FORBIDDEN', error: expect.stringMatching(/driver and passengers/) });
      const write = await send(stranger, { rideId, content: 'let me in' });
      expect(write.statusCode).toBe(403);
      expect(write.json().code).toBe('FORBIDDEN');

      const unknownRide = '00000000-0000-4000-8000-000000000000';
      expect((await history(driver, unknownRide)).statusCode).toBe(404);
      expect((await send(driver, { rideId: unknownRide, content: 'hi' })).json().code).toBe('NOT_FOUND');

      expect((await history(null)).statusCode).toBe(401);
      expect((await t.call({ method: 'POST', url: '/api/messages/send', payload: { rideId, content: 'x' } })).statusCode).toBe(401);

      const stored = (await history(driver)).json().map((m: { content: string }) => m.content);
      expect(stored).not.toContain('let me in');
    });

    it('takes the chat away from a passenger whose booking is cancelled, and never gives it to a cancelled or completed one', async () => {
      const leaving = await t.signIn('leaving@cornell.edu', 'Lee Leaving');
      const bookingId = await insertBooking(t.database.db, rideId, leaving.id, 'confirmed');
      expect((await history(leaving)).statusCode).toBe(200);
      expect(await canAccessRideChat(t.database.db, rideId, leaving.id)).toBe(true);

      await setBookingStatus(t.database.db, bookingId, 'cancelled');
      expect((await history(leaving)).statusCode).toBe(403);
      expect((await send(leaving, { rideId, content: 'still here?' })).statusCode).toBe(403);
      expect(await canAccessRideChat(t.database.db, rideId, leaving.id)).toBe(false);

      const done = await t.signIn('done@cornell.edu');
      await insertBooking(t.database.db, rideId, done.id, 'completed');
      expect(await canAccessRideChat(t.database.db, rideId, driver.id)).toBe(true);
    });

    it('keeps the chat readable, not writable, for a passenger whose ride is over (completed booking)', async () => {
      const ride = await insertRide(t.database.db, driver.id);
      const rode = await t.signIn('rode-along@cornell.edu', 'Rae Rode');
      await insertBooking(t.database.db, ride, rode.id, 'completed');
      expect((await send(driver, { rideId: ride, content: 'Did anyone leave a scarf?' })).statusCode).toBe(201);

      const read = await history(rode, ride);
      expect(read.statusCode).toBe(200);
      expect(read.json<RideMessage[]>().map((message) => message.content)).toEqual(['Did anyone leave a scarf?']);
      expect(await rideChatAccess(t.database.db, ride, rode.id)).toBe('read');
      expect(await canAccessRideChat(t.database.db, ride, rode.id)).toBe(true);

      const written = await send(rode, { rideId: ride, content: 'Mine!' });
      expect(written.statusCode).toBe(403);
      expect(written.json()).toMatchObject({ code: 'FORBIDDEN', message: RIDE_CHAT_READ_ONLY });
    });

    it('stores and publishes a message from the driver and from a pending passenger, with the author as signed in now', async () => {
      const ride = await insertRide(t.database.db, driver.id);
      await insertBooking(t.database.db, ride, pending.id, 'pending');
      const answers: RideMessage[] = [];
      const seen = await published(async () => {
        for (const user of [driver, pending]) {
          const res = await send(user, { rideId: ride, content: `from ${user.name}` });
          expect(res.statusCode).toBe(201);
          answers.push(res.json());
        }
      });
      expect(seen).toEqual(answers);
      expect(await stored(ride)).toEqual([
        { userId: driver.id, content: `from ${driver.name}` },
        { userId: pending.id, content: `from ${pending.name}` },
      ]);
      expect((await history(driver, ride)).json()).toEqual(answers);

      // The author's name comes from the session's user, read on this request: a rename shows at once.
      await t.database.db.update(users).set({ name: 'Patricia Pending' }).where(eq(users.id, pending.id));
      try {
        const renamed = await send(pending, { rideId: ride, content: 'new name' });
        expect(renamed.json()).toMatchObject({ userName: 'Patricia Pending', user: { id: pending.id, name: 'Patricia Pending', avatar: null } });
      } finally {
        await t.database.db.update(users).set({ name: pending.name }).where(eq(users.id, pending.id));
      }
    });

    it('refuses a passenger whose booking was cancelled with 403, stores and publishes nothing, and answers 404 for an unknown ride', async () => {
      const ride = await insertRide(t.database.db, driver.id);
      const cancelled = await t.signIn('cancelled@cornell.edu', 'Cass Cancelled');
      const bookingId = await insertBooking(t.database.db, ride, cancelled.id, 'confirmed');
      await setBookingStatus(t.database.db, bookingId, 'cancelled');

      const seen = await published(async () => {
        const refused = await send(cancelled, { rideId: ride, content: 'am I still in?' });
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({ error: NOT_A_PARTICIPANT, message: NOT_A_PARTICIPANT, code: 'FORBIDDEN' });

        const unknown = await send(driver, { rideId: UNKNOWN_RIDE, content: 'anyone?' });
        expect(unknown.statusCode).toBe(404);
        expect(unknown.json()).toEqual({ error: 'Ride not found', message: 'Ride not found', code: 'NOT_FOUND' });
      });
      expect(seen).toEqual([]);
      expect(await stored(ride)).toEqual([]);
      expect(await stored(UNKNOWN_RIDE)).toEqual([]);
      expect(await rideChatAccess(t.database.db, ride, cancelled.id)).toBe('denied');
      expect(await rideChatAccess(t.database.db, UNKNOWN_RIDE, driver.id)).toBe('no-ride');
      expect(await rideChatAccess(t.database.db, ride, driver.id)).toBe('write');
    });

    it('checks the body and the rate limit before access, as before: a stranger gets 400 for a blank message and 429 past the burst', async () => {
      const blank = await send(stranger, { rideId, content: '  ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().code).toBe('VALIDATION_FAILED');
      for (let i = 0; i < MESSAGE_RATE_LIMIT.maxPerWindow; i++) {
        expect((await send(stranger, { rideId, content: `knock ${i}` })).statusCode).toBe(403);
      }
      expect((await send(stranger, { rideId, content: 'knock again' })).statusCode).toBe(429);
      expect((await stored(rideId)).filter((m) => m.userId === stranger.id)).toEqual([]);
    });
  });

  describe('at the same time', () => {
    it('stores every participant’s message of a simultaneous burst and refuses the stranger’s and the unknown ride’s', async () => {
      const ride = await insertRide(t.database.db, driver.id);
      await insertBooking(t.database.db, ride, pending.id, 'pending');
      await insertBooking(t.database.db, ride, confirmed.id, 'confirmed');
      const participants = [driver, pending, confirmed];
      let answers: Awaited<ReturnType<typeof send>>[] = [];
      const seen = await published(async () => {
        answers = await Promise.all([
          ...participants.flatMap((user) => [0, 1].map((n) => send(user, { rideId: ride, content: `${user.name} ${n}` }))),
          send(stranger, { rideId: ride, content: 'stranger' }),
          send(driver, { rideId: UNKNOWN_RIDE, content: 'nowhere' }),
        ]);
      });
      expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201, 201, 201, 201, 403, 404]);
      const expected = participants.flatMap((user) => [0, 1].map((n) => `${user.name} ${n}`)).sort();
      expect((await stored(ride)).map((m) => m.content).sort()).toEqual(expected);
      expect(seen.map((m) => m.content).sort()).toEqual(expected);
      const ids = (await history(confirmed, ride)).json().map((m: RideMessage) => m.id);
      expect(new Set(ids)).toEqual(new Set(answers.slice(0, 6).map((res) => res.json().id)));
    });

    it('never stores a message it refused while the sender’s booking is being cancelled', async () => {
      const ride = await insertRide(t.database.db, driver.id);
      for (let round = 0; round < 5; round++) {
        t.clock.advance(MESSAGE_RATE_LIMIT.windowMs);
        const racer = await t.signIn(`racer-${round}@cornell.edu`, `Racer ${round}`);
        const bookingId = await insertBooking(t.database.db, ride, racer.id, 'confirmed');
        const [answer] = await Promise.all([
          send(racer, { rideId: ride, content: `race ${round}` }),
          setBookingStatus(t.database.db, bookingId, 'cancelled'),
        ]);
        const kept = (await stored(ride)).some((m) => m.content === `race ${round}`);
        expect([201, 403]).toContain(answer.statusCode);
        expect(kept).toBe(answer.statusCode === 201);
        expect((await send(racer, { rideId: ride, content: `after ${round}` })).statusCode).toBe(403);
      }
    });
  });

  describe('content', () => {
    it('is trimmed, must not be blank and is at most 2000 characters', async () => {
      const ride = await insertRide(t.database.db, driver.id);
      const trimmed = await send(driver, { rideId: ride, content: '   see you at 5  \n' });
      expect(trimmed.json().content).toBe('see you at 5');

      for (const content of ['', '   ', '\n\t']) {
        const blank = await send(driver, { rideId: ride, content });
        expect(blank.statusCode).toBe(400);
        expect(blank.json().code).toBe('VALIDATION_FAILED');
      }
      t.clock.advance(MESSAGE_RATE_LIMIT.windowMs);
      const tooLong = await send(driver, { rideId: ride, content: 'x'.repeat(MESSAGE_MAX_CHARS + 1) });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().code).toBe('VALIDATION_FAILED');
      expect((await send(driver, { rideId: ride, content: 'x'.repeat(MESSAGE_MAX_CHARS) })).statusCode).toBe(201);
      expect((await history(driver, ride)).json()).toHaveLength(2);
    });
  });

  describe('history', () => {
    it('is oldest first, bounded, and answers what came after a message id or a time', async () => {
      const ride = await insertRide(t.database.db, driver.id);
      await insertBooking(t.database.db, ride, pending.id, 'confirmed');
      const sent: string[] = [];
      for (let i = 0; i < 7; i++) {
        t.clock.advance(MESSAGE_RATE_LIMIT.windowMs);
        const res = await send(i % 2 ? pending : driver, { rideId: ride, content: `m${i}` });
        sent.push(res.json().id);
      }
      const all = (await history(pending, ride)).json();
      expect(all.map((m: { id: string }) => m.id)).toEqual(sent);
      const timestamps = all.map((m: { timestamp: string }) => Date.parse(m.timestamp));
      expect([...timestamps].sort((a, b) => a - b)).toEqual(timestamps);

      const newest = (await history(pending, ride, '?limit=3')).json();
      expect(newest.map((m: { content: string }) => m.content)).toEqual(['m4', 'm5', 'm6']);

      const afterThird = (await history(pending, ride, `?after=${sent[2]}`)).json();
      expect(afterThird.map((m: { content: string }) => m.content)).toEqual(['m3', 'm4', 'm5', 'm6']);
      const afterThirdPaged = (await history(pending, ride, `?after=${sent[2]}&limit=2`)).json();
      expect(afterThirdPaged.map((m: { content: string }) => m.content)).toEqual(['m3', 'm4']);
      expect((await history(pending, ride, `?after=${sent[6]}`)).json()).toEqual([]);

      const byTime = (await history(pending, ride, `?after=${encodeURIComponent(new Date(0).toISOString())}`)).json();
      expect(byTime).toHaveLength(7);

      const foreign = await history(pending, ride, `?after=${'00000000-0000-4000-8000-000000000000'}`);
      expect(foreign.statusCode).toBe(400);
      expect((await history(pending, ride, '?limit=501')).json().code).toBe('VALIDATION_FAILED');
      expect((await history(pending, ride, '?after=yesterday')).json().code).toBe('VALIDATION_FAILED');
    });

    it('shows system messages as nobody’s', async () => {
      const ride = await insertRide(t.database.db, driver.id);
      const publish = await createSystemRideMessage(t.database.db, t.app.deps.events, ride, 'This ride was cancelled by the driver.');
      publish();
      const [message] = (await history(driver, ride)).json();
      expect(message).toMatchObject({ kind: 'system', userId: null, userName: null, user: null, content: 'This ride was cancelled by the driver.' });
    });
  });

  describe('rate limit', () => {
    it(`allows a burst of ${MESSAGE_RATE_LIMIT.maxPerWindow} a second per user, then answers 429 RATE_LIMITED`, async () => {
      const ride = await insertRide(t.database.db, driver.id);
      for (let i = 0; i < MESSAGE_RATE_LIMIT.maxPerWindow; i++) {
        expect((await send(driver, { rideId: ride, content: `burst ${i}` })).statusCode).toBe(201);
      }
      const limited = await send(driver, { rideId: ride, content: 'one too many' });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', error: expect.stringMatching(/too fast/) });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);

      // Another user is not affected, and direct messages count towards the same limit.
      expect((await send(confirmed, { rideId, content: 'unaffected' })).statusCode).toBe(201);
      const direct = await t.call({
        method: 'POST',
        url: '/api/conversation-messages/send',
        token: driver.token,
        payload: { receiverId: pending.id, content: 'also limited' },
      });
      expect(direct.statusCode).toBe(429);

      t.clock.advance(MESSAGE_RATE_LIMIT.windowMs);
      expect((await send(driver, { rideId: ride, content: 'after a second' })).statusCode).toBe(201);
      const contents = (await history(driver, ride)).json().map((m: { content: string }) => m.content);
      expect(contents).not.toContain('one too many');
      expect(contents).toContain('after a second');
    });
  });
  describe('ride chats in the inbox', () => {
    const chats = (user: SignedInUser, region?: string) =>
      t.call({ method: 'GET', url: '/api/messages/rides', token: user.token, ...(region ? { region } : {}) });

    it('lists the chats a person may read, latest message first, with the latest message and its author', async () => {
      const quiet = await insertRide(t.database.db, driver.id);
      const busy = await insertRide(t.database.db, driver.id);
      await insertBooking(t.database.db, busy, pending.id, 'pending');
      expect((await send(driver, { rideId: busy, content: 'Leaving at nine sharp' })).statusCode).toBe(201);
      t.clock.advance(MESSAGE_RATE_LIMIT.windowMs);
      expect((await send(pending, { rideId: busy, content: 'See you at the Commons' })).statusCode).toBe(201);

      const forDriver = (await chats(driver)).json();
      // The quiet ride has no message: no chat to show.
      expect(forDriver.map((chat: { rideId: string }) => chat.rideId)).not.toContain(quiet);
      expect(forDriver[0]).toMatchObject({
        rideId: busy,
        from: 'ithaca',
        to: 'new_york_city',
        rideStatus: 'active',
        lastMessage: 'See you at the Commons',
        lastMessageAuthor: 'Pat Pending',
        messageCount: 2,
      });
      expect((await chats(pending)).json().map((chat: { rideId: string }) => chat.rideId)).toContain(busy);
      // Not a participant, or another region: nothing.
      expect((await chats(stranger)).json().map((chat: { rideId: string }) => chat.rideId)).not.toContain(busy);
      expect((await chats(driver, 'nj')).json()).toEqual([]);
    });

    it('drops a chat once the passenger cancels, and shows a removed message as removed', async () => {
      const ride = await insertRide(t.database.db, driver.id);
      const booking = await insertBooking(t.database.db, ride, confirmed.id, 'confirmed');
      expect((await send(confirmed, { rideId: ride, content: 'something rude' })).statusCode).toBe(201);
      await t.database.db.update(rideMessages).set({ hiddenAt: t.clock.now() }).where(eq(rideMessages.rideId, ride));
      expect((await chats(driver)).json().find((chat: { rideId: string }) => chat.rideId === ride)).toMatchObject({ lastMessage: 'This message was removed.' });
      await setBookingStatus(t.database.db, booking, 'cancelled');
      expect((await chats(confirmed)).json().map((chat: { rideId: string }) => chat.rideId)).not.toContain(ride);
    });
  });
});
