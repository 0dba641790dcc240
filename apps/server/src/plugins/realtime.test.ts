import type { SignedInUser } from '@carpool/shared/schemas/users';
import { rideRoom } from '@carpool/shared/socket-events';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createNotification } from '../modules/notifications/notifications.service.js';
import { createTestApp, describeEachDatabase, type TestApp } from '../test/harness.js';
import { insertBooking, insertRide, setBookingStatus } from '../test/messaging-fixtures.js';
import {
  baseUrlOf,
  connected,
  joinRideChat,
  nextEvent,
  openSocket,
  pause,
  record,
  refusalOf,
  type ClientSocket,
} from '../test/socket-client.js';
import { MESSAGE_RATE_LIMIT } from './message-rate-limit.js';

/** Long enough for a broadcast that reached one socket to have reached any other on the same process. */
const SETTLE_MS = 150;

describeEachDatabase('realtime', (kind) => {
  let t: TestApp;
  let url: string;
  let driver: SignedInUser;
  let passenger: SignedInUser;
  let stranger: SignedInUser;
  let rideId: string;
  const sockets: ClientSocket[] = [];

  /** Waits until the server has taken the socket out of the ride's chat room (a leave is not acknowledged). */
  const untilOutOfRoom = (socket: ClientSocket, ride: string) =>
    vi.waitFor(
      async () => expect((await t.app.realtime.in(rideRoom(ride)).fetchSockets()).map((member) => member.id)).not.toContain(socket.id),
      { timeout: 10_000, interval: 20 },
    );

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = baseUrlOf(t.app);
    driver = await t.signIn('rt-driver@cornell.edu', 'Rita Driver');
    passenger = await t.signIn('rt-passenger@cornell.edu', 'Paul Passenger');
    stranger = await t.signIn('rt-stranger@example.com', 'Stan Stranger');
    rideId = await insertRide(t.database.db, driver.id);
    await insertBooking(t.database.db, rideId, passenger.id, 'confirmed');
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await t.close();
  });
  beforeEach(() => t.clock.advance(MESSAGE_RATE_LIMIT.windowMs));

  async function connect(user: SignedInUser) {
    const socket = openSocket(url, { auth: { token: user.token } });
    sockets.push(socket);
    return connected(socket);
  }
  const sendRideMessage = (user: SignedInUser, ride: string, content: string) =>
    t.call({ method: 'POST', url: '/api/messages/send', token: user.token, payload: { rideId: ride, content } });

  describe('handshake', () => {
    it('refuses a socket without a token, with an unknown token, or with an expired session', async () => {
      const none = openSocket(url);
      sockets.push(none);
      const refusedNone = await refusalOf(none);
      expect(refusedNone.message).toMatch(/session token/);
      expect(refusedNone.data?.code).toBe('UNAUTHORIZED');

      const unknown = openSocket(url, { auth: { token: 'not-a-session' } });
      sockets.push(unknown);
      expect(await refusalOf(unknown)).toMatchObject({ message: 'You are not signed in', data: { code: 'UNAUTHORIZED' } });

      const expiring = await t.signIn('rt-expiring@cornell.edu');
      t.clock.advance(t.config.sessionTtlHours * 3_600_000 + 1000);
      try {
        const expired = openSocket(url, { auth: { token: expiring.token } });
        sockets.push(expired);
        expect((await refusalOf(expired)).data?.code).toBe('TOKEN_EXPIRED');
      } finally {
        t.clock.advance(-(t.config.sessionTtlHours * 3_600_000 + 1000));
      }
    });

    it('closes the sockets of a session when it signs out, and only those', async () => {
      const leaving = await t.signIn('rt-leaving@cornell.edu', 'Lea Leaving');
      const otherTab = await t.signIn('rt-leaving@cornell.edu', 'Lea Leaving');
      const signedOut = await connect(leaving);
      const stillSignedIn = await connect(otherTab);
      const disconnected = new Promise<string>((resolve) => signedOut.once('disconnect', resolve));
      const out = await t.call({ method: 'POST', url: '/api/auth/logout', token: leaving.token });
      expect(out.statusCode).toBe(200);
      expect(await disconnected).toBe('io server disconnect');
      await pause(SETTLE_MS);
      expect(stillSignedIn.connected).toBe(true);
    });

    it('accepts the token in auth.token or as a bearer Authorization header', async () => {
      expect((await connect(driver)).connected).toBe(true);
      const byHeader = openSocket(url, { extraHeaders: { authorization: `Bearer ${passenger.token}` } });
      sockets.push(byHeader);
      expect((await connected(byHeader)).connected).toBe(true);
    });
  });

  describe('ride chat', () => {
    it('lets the driver and a booked passenger join and get new messages live; a stranger is refused and gets nothing', async () => {
      const driverSocket = await connect(driver);
      const passengerSocket = await connect(passenger);
      const strangerSocket = await connect(stranger);
      expect(await joinRideChat(driverSocket, rideId)).toEqual({ ok: true });
      expect(await joinRideChat(passengerSocket, rideId)).toEqual({ ok: true });
      const refused = await joinRideChat(strangerSocket, rideId);
      expect(refused).toMatchObject({ ok: false, code: 'FORBIDDEN', message: expect.stringMatching(/driver and passengers/) });
      expect(await joinRideChat(strangerSocket, 'not-a-ride')).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
      const strangerGot = record(strangerSocket, 'new-message');

      const atDriver = nextEvent(driverSocket, 'new-message');
      const atPassenger = nextEvent(passengerSocket, 'new-message');
      const sent = await sendRideMessage(passenger, rideId, 'on my way');
      expect(sent.statusCode).toBe(201);
      expect(await atDriver).toEqual(sent.json());
      expect(await atPassenger).toEqual(sent.json());
      await pause(SETTLE_MS);
      expect(strangerGot).toEqual([]);

      passengerSocket.emit('leave-ride-chat', rideId);
      await untilOutOfRoom(passengerSocket, rideId);
      const passengerGot = record(passengerSocket, 'new-message');
      const atDriverAgain = nextEvent(driverSocket, 'new-message');
      await sendRideMessage(driver, rideId, 'see you');
      await atDriverAgain;
      await pause(SETTLE_MS);
      expect(passengerGot).toEqual([]);
    });

    it('refuses the join of a passenger whose booking was cancelled, and takes one already in the room out', async () => {
      const ride = await insertRide(t.database.db, driver.id);
      const leaving = await t.signIn('rt-leaving@cornell.edu', 'Lou Leaving');
      const bookingId = await insertBooking(t.database.db, ride, leaving.id, 'confirmed');
      const driverSocket = await connect(driver);
      const leavingSocket = await connect(leaving);
      expect(await joinRideChat(driverSocket, ride)).toEqual({ ok: true });
      expect(await joinRideChat(leavingSocket, ride)).toEqual({ ok: true });

      // What the bookings service does when the passenger cancels: the status changes, then the driver is notified.
      await setBookingStatus(t.database.db, bookingId, 'cancelled');
      const push = await createNotification(t.database.db, t.app.deps.events, {
        userId: driver.id,
        kind: 'booking_cancelled_by_passenger',
        title: 'Booking cancelled',
        rideId: ride,
        bookingId,
        otherUserId: leaving.id,
      });
      const driverNotified = nextEvent(driverSocket, 'notification');
      push();
      expect(await driverNotified).toMatchObject({ kind: 'booking_cancelled_by_passenger', bookingId });
      await untilOutOfRoom(leavingSocket, ride);

      const leavingGot = record(leavingSocket, 'new-message');
      const atDriver = nextEvent(driverSocket, 'new-message');
      await sendRideMessage(driver, ride, 'the seat is free again');
      await atDriver;
      await pause(SETTLE_MS);
      expect(leavingGot).toEqual([]);
      expect(await joinRideChat(leavingSocket, ride)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    });
  });

  describe('ride chat fan-out', () => {
    it('delivers the driver’s and a pending passenger’s messages to every member once, in order; a refused send reaches nobody', async () => {
      const ride = await insertRide(t.database.db, driver.id);
      const waiting = await t.signIn('rt-pending@cornell.edu', 'Penny Pending');
      await insertBooking(t.database.db, ride, waiting.id, 'pending');
      await insertBooking(t.database.db, ride, passenger.id, 'confirmed');
      const members = await Promise.all([driver, waiting, passenger].map(connect));
      const strangerSocket = await connect(stranger);
      expect(await Promise.all(members.map((socket) => joinRideChat(socket, ride)))).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
      expect(await joinRideChat(strangerSocket, ride)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
      expect(await joinRideChat(strangerSocket, '00000000-0000-4000-8000-000000000000')).toMatchObject({ ok: false, code: 'FORBIDDEN' });
      const got = [...members, strangerSocket].map((socket) => record(socket, 'new-message'));

      const lastArrived = Promise.all(members.map((socket) => nextEvent(socket, 'new-message')));
      const fromDriver = await sendRideMessage(driver, ride, 'leaving at 5');
      expect(fromDriver.statusCode).toBe(201);
      await lastArrived;
      const secondArrived = Promise.all(members.map((socket) => nextEvent(socket, 'new-message')));
      const fromWaiting = await sendRideMessage(waiting, ride, 'I will be there');
      expect(fromWaiting.statusCode).toBe(201);
      await secondArrived;
      expect((await sendRideMessage(stranger, ride, 'let me in')).statusCode).toBe(403);
      await pause(SETTLE_MS);

      const expected = [fromDriver.json(), fromWaiting.json()];
      expect(got).toEqual([expected, expected, expected, []]);
    });
  });

  describe('user rooms', () => {
    it('pushes a direct message to the receiver and the sender’s other tabs, and the notification to the receiver only', async () => {
      const receiverSocket = await connect(passenger);
      const senderOtherTab = await connect(driver);
      const strangerSocket = await connect(stranger);
      const strangerDirect = record(strangerSocket, 'direct-message');
      const senderNotifications = record(senderOtherTab, 'notification');

      const atReceiver = nextEvent(receiverSocket, 'direct-message');
      const atSender = nextEvent(senderOtherTab, 'direct-message');
      const notified = nextEvent(receiverSocket, 'notification');
      const sent = await t.call({
        method: 'POST',
        url: '/api/conversation-messages/send',
        token: driver.token,
        payload: { receiverId: passenger.id, content: 'can you bring snacks?' },
      });
      expect(sent.statusCode).toBe(201);
      expect(await atReceiver).toEqual(sent.json());
      expect(await atSender).toEqual(sent.json());
      expect(await notified).toMatchObject({ kind: 'direct_message', otherUserId: driver.id, read: false });
      await pause(SETTLE_MS);
      expect(strangerDirect).toEqual([]);
      expect(senderNotifications).toEqual([]);
    });
  });
});
