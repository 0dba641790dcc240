import { createECDH, randomBytes } from 'node:crypto';
import type { SignedInUser } from '@carpool/shared/schemas/users';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_RATE_LIMIT } from '../../plugins/message-rate-limit.js';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/harness.js';
import { smallPng } from '../../test/images.js';
import { multipartRequest } from '../../test/multipart.js';
import { RIDES_TEST_START, bookRide, getRideAs, postRide } from '../../test/ride-fixtures.js';
import { baseUrlOf, connected, openSocket } from '../../test/socket-client.js';
import { insertRideWithBookings } from '../../test/ride-rows.js';
import { readStoredZip } from '../../test/zip-reader.js';

describeEachDatabase('suspension, account deletion and data export', (kind) => {
  let t: TestApp;
  let admin: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp(kind, { start: RIDES_TEST_START, config: { adminEmails: ['boss@cornell.edu'] } });
    admin = await t.signIn('boss@cornell.edu', 'Ada Admin');
  });
  afterAll(() => t.close());

  const notificationsOf = async (user: SignedInUser) =>
    (await t.call({ method: 'GET', url: '/api/notifications', token: user.token })).json<{
      notifications: { kind: string; rideId: string | null; body: string }[];
    }>().notifications;
  const signInAgain = async (email: string, name: string) => {
    const minted = await t.call({ method: 'POST', url: '/api/dev/id-token', payload: { email, name } });
    return t.call({ method: 'POST', url: '/api/auth/google', payload: { tokenId: minted.json().tokenId } });
  };
  const verify = (user: SignedInUser) => t.call({ method: 'GET', url: '/api/auth/verify-token', token: user.token });
  const rows = async (query: ReturnType<typeof sql>) => (await t.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };

  describe('suspension', () => {
    it('ends sessions and sockets, refuses sign-in, cancels upcoming rides with the passengers told, and unsuspend restores sign-in', async () => {
      const driver = await t.signIn('sus@cornell.edu', 'Sid Suspect');
      const passenger = await t.signIn('pax@cornell.edu', 'Pam Passenger');
      const ride = await postRide(t, driver.token);
      expect((await bookRide(t, passenger.token, ride.id)).statusCode).toBe(201);
      const ownBookingRide = await postRide(t, passenger.token, { time: '17:00' });
      expect((await bookRide(t, driver.token, ownBookingRide.id, { seats: 2 })).statusCode).toBe(201);

      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const socket = await connected(openSocket(baseUrlOf(t.app), { auth: { token: driver.token } }));
      const disconnected = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));

      const suspended = await t.call({
        method: 'POST',
        url: `/api/admin/users/${driver.id}/suspend`,
        token: admin.token,
        payload: { reason: 'Repeated no-shows' },
      });
      expect(suspended.statusCode, suspended.body).toBe(200);
      await disconnected;
      socket.close();

      expect((await verify(driver)).statusCode).toBe(401);
      const refused = await signInAgain('sus@cornell.edu', 'Sid Suspect');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED', message: expect.stringContaining('Repeated no-shows') });

      const after = await getRideAs(t, ride.id, passenger.token);
      expect(after.status).toBe('cancelled');
      expect(after.myBooking?.status).toBe('cancelled');
      expect(await notificationsOf(passenger)).toContainEqual(expect.objectContaining({ kind: 'ride_cancelled_driver_removed', rideId: ride.id }));
      // The suspended user's own booking is released: its seats are back.
      expect((await getRideAs(t, ownBookingRide.id, passenger.token)).seatsAvailable).toBe(3);
      const search = await t.call({ method: 'GET', url: '/api/rides/getall', token: passenger.token });
      expect(search.json().map((row: { id: string }) => row.id)).not.toContain(ride.id);

      const users = await t.call({ method: 'GET', url: '/api/admin/users?q=sus@', token: admin.token });
      expect(users.json().users[0]).toMatchObject({ suspended: true, suspensionReason: 'Repeated no-shows' });
      const again = await t.call({ method: 'POST', url: `/api/admin/users/${driver.id}/suspend`, token: admin.token, payload: { reason: 'x' } });
      expect(again.statusCode).toBe(409);
      expect((await t.call({ method: 'POST', url: `/api/admin/users/${admin.id}/suspend`, token: admin.token, payload: { reason: 'x' } })).statusCode).toBe(400);

      // The audit log is ordered by the time of each action; the test clock stands still otherwise.
      t.clock.advance(1000);
      expect((await t.call({ method: 'DELETE', url: `/api/admin/users/${driver.id}/suspend`, token: admin.token })).statusCode).toBe(200);
      expect((await signInAgain('sus@cornell.edu', 'Sid Suspect')).statusCode).toBe(200);
      const audit = (await t.call({ method: 'GET', url: `/api/admin/audit?targetId=${driver.id}`, token: admin.token })).json().entries;
      expect(audit.map((entry: { action: string }) => entry.action)).toEqual(['user_unsuspended', 'user_suspended']);
      expect(audit[1]).toMatchObject({ reason: 'Repeated no-shows', actor: { id: admin.id } });
    });
  });

  const uploadAvatar = async (user: SignedInUser) => {
    const form = await multipartRequest({ image: { bytes: await smallPng(), filename: 'me.png', type: 'image/png' } });
    const res = await t.call({ method: 'POST', url: '/api/users/upload-image', token: user.token, ...form });
    expect(res.statusCode, res.body).toBe(200);
  };
  const sendDirect = async (from: SignedInUser, to: SignedInUser, content: string) => {
    t.clock.advance(MESSAGE_RATE_LIMIT.windowMs);
    const res = await t.call({ method: 'POST', url: '/api/conversation-messages/send', token: from.token, payload: { receiverId: to.id, content } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>().id;
  };
  const review = async (from: SignedInUser, bookingId: string, reviewType: 'driver' | 'passenger', comment: string) => {
    const res = await t.call({ method: 'POST', url: '/api/reviews/submit', token: from.token, payload: { bookingId, reviewType, stars: 5, comment } });
    expect(res.statusCode, res.body).toBe(201);
  };

  describe('deletion', () => {
    it('needs the confirmation and a signed-in caller', async () => {
      const user = await t.signIn('keep@cornell.edu', 'Kim Keeper');
      expect((await t.call({ method: 'DELETE', url: '/api/users/me', payload: { confirmation: 'DELETE' } })).statusCode).toBe(401);
      expect((await t.call({ method: 'DELETE', url: '/api/users/me', token: user.token, payload: {} })).statusCode).toBe(400);
      expect((await t.call({ method: 'DELETE', url: '/api/users/me', token: user.token, payload: { confirmation: 'delete' } })).statusCode).toBe(400);
      expect((await verify(user)).statusCode).toBe(200);
    });

    it('erases every personal field, keeps what others need as "Deleted user", and a new sign-in is a new account', async () => {
      const leaving = await t.signIn('leaving.person@cornell.edu', 'Lorelei Leaving');
      const other = await t.signIn('other.party@cornell.edu', 'Otto Other');
      await t.call({ method: 'PUT', url: '/api/users/profile', token: leaving.token, payload: { name: 'Lorelei Leaving', email: 'leaving.person@cornell.edu', bio: 'Loves Zanzibar trips' } });
      await uploadAvatar(leaving);
      const upcoming = await postRide(t, leaving.token, { time: '11:00' });
      expect((await bookRide(t, other.token, upcoming.id)).statusCode).toBe(201);
      const othersRide = await postRide(t, other.token, { time: '12:00' });
      expect((await bookRide(t, leaving.token, othersRide.id, { seats: 2 })).statusCode).toBe(201);
      const past = await insertRideWithBookings(t.database.db, { driverId: other.id, departsAt: new Date('2026-03-01T10:00:00Z') }, [
        { userId: leaving.id, status: 'completed' },
      ]);
      await review(leaving, past.bookings[0]!.id, 'driver', 'Smooth ride, thanks');
      const messageId = await sendDirect(leaving, other, 'See you at the station');
      // A browser subscribed to push, and the e-mail switches and calendar feed of the preferences.
      const browserKey = createECDH('prime256v1');
      browserKey.generateKeys();
      const subscribed = await t.call({
        method: 'POST',
        url: '/api/push/subscriptions',
        token: leaving.token,
        payload: { endpoint: 'http://127.0.0.1:9/push/leaving', keys: { p256dh: browserKey.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') } },
      });
      expect(subscribed.statusCode, subscribed.body).toBe(204);
      const switched = await t.call({ method: 'PUT', url: '/api/notification-preferences', token: leaving.token, payload: { preferences: { reviews: { email: false } } } });
      expect(switched.statusCode, switched.body).toBe(200);

      const res = await t.call({ method: 'DELETE', url: '/api/users/me', token: leaving.token, payload: { confirmation: 'DELETE' } });
      expect(res.statusCode, res.body).toBe(200);
      expect((await verify(leaving)).statusCode).toBe(401);

      // Upcoming ride cancelled with the passenger told; the booking on the other's ride released.
      expect((await getRideAs(t, upcoming.id, other.token)).myBooking?.status).toBe('cancelled');
      expect((await notificationsOf(other)).map((row) => row.kind)).toEqual(
        expect.arrayContaining(['ride_cancelled_driver_removed', 'booking_cancelled_by_passenger']),
      );
      expect((await getRideAs(t, othersRide.id, other.token)).seatsAvailable).toBe(3);

      // Others' history stays, with the author shown as Deleted user.
      const profile = await t.call({ method: 'GET', url: `/api/users/${leaving.id}`, token: other.token });
      expect(profile.json()).toMatchObject({ name: 'Deleted user', bio: '', avatar: null });
      const conversation = await t.call({ method: 'GET', url: `/api/conversation-messages/conversation/${leaving.id}`, token: other.token });
      expect(conversation.json().map((row: { id: string }) => row.id)).toContain(messageId);
      const reviews = await t.call({ method: 'GET', url: `/api/users/${other.id}/reviews?type=driver`, token: other.token });
      expect(reviews.body).toContain('Smooth ride, thanks');
      expect(reviews.body).toContain('Deleted user');

      // No personal field survives anywhere: every text column of every table is searched.
      const columns = await rows(sql`
        select table_name, column_name from information_schema.columns
         where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb')`);
      for (const { table_name: table, column_name: column } of columns.rows) {
        const found = await rows(
          sql`select count(*)::int as n from ${sql.identifier(String(table))}
               where ${sql.identifier(String(column))}::text ilike ${'%leaving.person%'}
                  or ${sql.identifier(String(column))}::text ilike ${'%Lorelei%'}
                  or ${sql.identifier(String(column))}::text ilike ${'%Zanzibar%'}`,
        );
        expect(Number(found.rows[0]!.n), `${String(table)}.${String(column)}`).toBe(0);
      }
      const [user] = (await rows(sql`select email, name, bio, college, avatar_file_id, avatar_color, subject, deleted_at from users where id = ${leaving.id}`)).rows;
      expect(user).toMatchObject({ email: '', name: 'Deleted user', bio: '', college: null, avatar_file_id: null, avatar_color: null });
      expect(user!.deleted_at).not.toBeNull();
      for (const table of ['files', 'sessions', 'notifications', 'ride_requests', 'verification_submissions', 'push_subscriptions', 'notification_preferences'] as const) {
        const owner = table === 'files' ? 'owner_id' : 'user_id';
        const left = await rows(sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(owner)} = ${leaving.id}`);
        expect(Number(left.rows[0]!.n), table).toBe(0);
      }

      const again = await signInAgain('leaving.person@cornell.edu', 'Lorelei Again');
      expect(again.statusCode).toBe(200);
      expect(again.json().id).not.toBe(leaving.id);
      expect(again.json()).toMatchObject({ name: 'Lorelei Again', bio: '', avatar: null });
      const audit = (await t.call({ method: 'GET', url: `/api/admin/audit?action=account_deleted&targetId=${leaving.id}`, token: admin.token })).json();
      expect(audit.entries).toHaveLength(1);
    });
  });

  describe('export', () => {
    it('is a ZIP with every kind of record and the own files, and nothing private of anyone else', async () => {
      expect((await t.call({ method: 'GET', url: '/api/users/me/export' })).statusCode).toBe(401);
      const me = await t.signIn('export.me@cornell.edu', 'Eve Exporter');
      const peer = await t.signIn('secret.peer@cornell.edu', 'Pete Peer');
      await uploadAvatar(me);
      await uploadAvatar(peer);
      const myRide = await postRide(t, me.token, { time: '13:00' });
      const peerRide = await postRide(t, peer.token, { time: '14:00' });
      expect((await bookRide(t, me.token, peerRide.id)).statusCode).toBe(201);
      const request = await t.call({
        method: 'POST',
        url: '/api/ride-requests',
        token: me.token,
        payload: {
          from: 'ithaca', to: 'new_york_city', date: '2026-03-14', time: '15:00', seatsNeeded: 1, suitcasesNeeded: 1, notes: [],
          preferredPickupAddress: 'Collegetown', preferredDropoffAddress: 'Penn Station', timezone: 'America/New_York',
        },
      });
      expect(request.statusCode).toBe(201);
      await sendDirect(me, peer, 'Hello from me');
      await sendDirect(peer, me, 'Hello back');
      await sendDirect(peer, admin, 'A message Eve must never see');
      t.clock.advance(MESSAGE_RATE_LIMIT.windowMs);
      expect((await t.call({ method: 'POST', url: '/api/messages/send', token: me.token, payload: { rideId: peerRide.id, content: 'On my way' } })).statusCode).toBe(201);
      const past = await insertRideWithBookings(t.database.db, { driverId: peer.id, departsAt: new Date('2026-03-02T10:00:00Z') }, [
        { userId: me.id, status: 'completed' },
      ]);
      await review(me, past.bookings[0]!.id, 'driver', 'Given by Eve');
      await review(peer, past.bookings[0]!.id, 'passenger', 'Received by Eve');
      expect((await t.call({ method: 'POST', url: '/api/reports', token: me.token, payload: { targetType: 'user', targetId: peer.id, reason: 'other', details: 'Test' } })).statusCode).toBe(201);
      expect((await t.call({ method: 'POST', url: `/api/users/${admin.id}/block`, token: me.token })).statusCode).toBe(200);

      const res = await t.call({ method: 'GET', url: '/api/users/me/export', token: me.token });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="carpool-export-\d{4}-\d{2}-\d{2}\.zip"$/);
      const files = readStoredZip(res.rawPayload);
      const json = (name: string) => JSON.parse(files.get(name)!.toString('utf8'));

      expect(json('profile.json')).toMatchObject({ id: me.id, email: 'export.me@cornell.edu', name: 'Eve Exporter' });
      expect(json('rides.json').map((ride: { id: string }) => ride.id)).toContain(myRide.id);
      expect(json('bookings.json')).toEqual([expect.objectContaining({ ride: expect.objectContaining({ id: peerRide.id }) }), expect.anything()]);
      expect(json('ride-requests.json')).toEqual([expect.objectContaining({ id: request.json().id })]);
      const messages = json('messages.json');
      expect(messages.direct.sent.map((row: { content: string }) => row.content)).toEqual(['Hello from me']);
      expect(messages.direct.received.map((row: { content: string }) => row.content)).toEqual(['Hello back']);
      expect(messages.rideChatSent.map((row: { content: string }) => row.content)).toEqual(['On my way']);
      const reviews = json('reviews.json');
      expect(reviews.given.map((row: { comment: string }) => row.comment)).toEqual(['Given by Eve']);
      expect(reviews.received.map((row: { comment: string }) => row.comment)).toEqual(['Received by Eve']);
      expect(json('reports.json')).toEqual([expect.objectContaining({ targetId: peer.id, reason: 'other' })]);
      expect(json('notifications.json').map((row: { kind: string }) => row.kind)).toEqual(expect.arrayContaining(['report_received', 'review_received']));
      expect(json('blocks.json')).toEqual([expect.objectContaining({ blockedUserId: admin.id })]);
      const fileList = json('files.json');
      expect(fileList).toHaveLength(1);
      expect(files.get(fileList[0].path)!.subarray(0, 4).toString('latin1')).toBe('RIFF');

      // Nothing of anyone else's beyond what Eve could see: no e-mail of others, no third-party messages.
      const everything = [...files.values()].map((data) => data.toString('latin1')).join('\n');
      expect(everything).not.toContain('secret.peer@cornell.edu');
      expect(everything).not.toContain('boss@cornell.edu');
      expect(everything).not.toContain('A message Eve must never see');
    });
  });
});
