import type { SignedInUser } from '@carpool/shared/schemas/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_RATE_LIMIT } from '../../plugins/message-rate-limit.js';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/harness.js';
import { RIDES_TEST_START, bookRide, postRide } from '../../test/ride-fixtures.js';

describeEachDatabase('reports and the admin console API', (kind) => {
  let t: TestApp;
  let admin: SignedInUser;
  let driver: SignedInUser;
  let passenger: SignedInUser;
  let stranger: SignedInUser;
  /** A moderator of the nj region (region_moderators): the console's reports, verification and users of nj only. */
  let moderator: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp(kind, { start: RIDES_TEST_START, config: { adminEmails: ['boss@cornell.edu'] } });
    admin = await t.signIn('boss@cornell.edu', 'Ada Admin');
    driver = await t.signIn('drew@cornell.edu', 'Drew Driver');
    passenger = await t.signIn('pia@cornell.edu', 'Pia Passenger');
    stranger = await t.signIn('sam@cornell.edu', 'Sam Stranger');
    const moderators = await t.call({ method: 'PUT', url: '/api/admin/regions/nj/moderators', token: admin.token, payload: { emails: ['mona@cornell.edu'] } });
    expect(moderators.statusCode, moderators.body).toBe(200);
    moderator = await t.signIn('mona@cornell.edu', 'Mona Moderator');
  });
  afterAll(() => t.close());

  const report = (user: SignedInUser | null, body: Record<string, unknown>) =>
    t.call({ method: 'POST', url: '/api/reports', token: user?.token, payload: { reason: 'harassment', details: 'Rude', ...body } });
  const notificationsOf = async (user: SignedInUser) =>
    (await t.call({ method: 'GET', url: '/api/notifications', token: user.token })).json<{ notifications: { kind: string; body: string }[] }>()
      .notifications;
  const adminReports = async () => {
    const res = await t.call({ method: 'GET', url: '/api/admin/reports', token: admin.token });
    expect(res.statusCode).toBe(200);
    return res.json<{ reports: { id: string; status: string; targetSummary: string | null; targetUser: { id: string } }[] }>().reports;
  };
  const resolve = (user: SignedInUser | null, id: string, action: string, note = 'Looked at it') =>
    t.call({ method: 'POST', url: `/api/admin/reports/${id}/resolve`, token: user?.token, payload: { action, note } });
  const audit = async (query = '') =>
    (await t.call({ method: 'GET', url: `/api/admin/audit${query}`, token: admin.token })).json<{
      entries: { action: string; targetId: string; reason: string; actor: { id: string } | null }[];
    }>().entries;

  describe('access matrix of the admin routes: signed out 401, other users 403, region moderators their part only, admins 200', () => {
    const someId = '00000000-0000-4000-8000-000000000000';
    // `region`: a region moderator uses it too (their regions' part of it); otherwise it is the platform administrators' alone.
    const routes: [access: 'region' | 'platform', method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>][] = [
      ['region', 'GET', '/api/admin/reports'],
      ['region', 'POST', `/api/admin/reports/${someId}/resolve`, { action: 'dismiss', note: '' }],
      ['region', 'GET', '/api/admin/users?q=a'],
      ['region', 'GET', `/api/admin/users/${someId}`],
      ['region', 'POST', `/api/admin/users/${someId}/suspend`, { reason: 'x' }],
      ['region', 'DELETE', `/api/admin/users/${someId}/suspend`],
      ['region', 'GET', '/api/admin/verifications'],
      ['region', 'POST', `/api/admin/verifications/${someId}/approve`],
      ['region', 'POST', `/api/admin/verifications/${someId}/reject`, { reason: 'x' }],
      ['platform', 'GET', '/api/admin/audit'],
      ['platform', 'GET', '/api/admin/feedback'],
      ['platform', 'POST', `/api/admin/feedback/${someId}/handled`],
      ['platform', 'GET', '/api/admin/subscribers'],
      ['platform', 'GET', '/api/admin/subscribers.csv'],
      ['platform', 'GET', '/api/admin/sign-in-settings'],
      ['platform', 'GET', '/api/admin/regions'],
      ['platform', 'GET', '/api/admin/regions/nj'],
      ['platform', 'PUT', '/api/admin/regions/nj/moderators', { emails: ['mona@cornell.edu'] }],
    ];
    for (const [access, method, url, payload] of routes) {
      it(`${method} ${url}`, async () => {
        expect((await t.call({ method, url, payload })).statusCode).toBe(401);
        const other = await t.call({ method, url, payload, token: stranger.token });
        expect(other.statusCode).toBe(403);
        expect(other.json().code).toBe('FORBIDDEN');
        // The owner of a resource is no admin either: the passenger asking about themself.
        expect((await t.call({ method, url: url.replace(someId, passenger.id), payload, token: passenger.token })).statusCode).toBe(403);
        const asModerator = await t.call({ method, url, payload, token: moderator.token });
        if (access === 'platform') {
          expect(asModerator.statusCode).toBe(403);
          expect(asModerator.json().code).toBe('FORBIDDEN');
        } else {
          expect(asModerator.statusCode, asModerator.body).toBe(url.includes(someId) ? 404 : 200);
        }
        const asAdmin = await t.call({ method, url, payload, token: admin.token });
        expect([200, 404]).toContain(asAdmin.statusCode);
        if (url.includes(someId)) expect(asAdmin.statusCode).toBe(404);
      });
    }

    it('tells the web app who moderates which region (moderatedRegions), and no one else', async () => {
      expect(moderator).toMatchObject({ isAdmin: false, moderatedRegions: ['nj'] });
      expect((await t.call({ method: 'GET', url: '/api/auth/verify-token', token: moderator.token })).json().user).toMatchObject({ isAdmin: false, moderatedRegions: ['nj'] });
      expect(admin).toMatchObject({ isAdmin: true, moderatedRegions: [] });
      expect(stranger.moderatedRegions).toEqual([]);
    });

    it('POST /api/reports needs a signed-in caller', async () => {
      expect((await report(null, { targetType: 'user', targetId: driver.id })).statusCode).toBe(401);
    });
  });

  describe('filing a report', () => {
    it('refuses bad input, yourself, unknown and invisible targets', async () => {
      expect((await report(passenger, { targetType: 'user', targetId: driver.id, reason: 'bored' })).statusCode).toBe(400);
      expect((await report(passenger, { targetType: 'user', targetId: driver.id, details: 'x'.repeat(1001) })).statusCode).toBe(400);
      expect((await report(passenger, { targetType: 'user', targetId: passenger.id })).statusCode).toBe(400);
      expect((await report(passenger, { targetType: 'ride', targetId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);

      // A ride chat message is visible to the ride's people only.
      const ride = await postRide(t, driver.token, { time: '09:00' });
      t.clock.advance(MESSAGE_RATE_LIMIT.windowMs);
      const sent = await t.call({ method: 'POST', url: '/api/messages/send', token: driver.token, payload: { rideId: ride.id, content: 'Meet at the gate' } });
      expect(sent.statusCode, sent.body).toBe(201);
      const messageId = sent.json().id as string;
      expect((await report(stranger, { targetType: 'message', targetId: messageId })).statusCode).toBe(404);
      expect((await bookRide(t, passenger.token, ride.id)).statusCode).toBe(201);
      expect((await report(passenger, { targetType: 'message', targetId: messageId })).statusCode).toBe(201);
    });

    it('keeps one open report per reporter and target, confirms it, and orders the queue open first', async () => {
      const first = await report(stranger, { targetType: 'user', targetId: driver.id, reason: 'fake_profile' });
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json()).toMatchObject({ status: 'open', targetType: 'user', reason: 'fake_profile', action: null });
      const again = await report(stranger, { targetType: 'user', targetId: driver.id });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('REPORT_ALREADY_OPEN');
      expect(await notificationsOf(stranger)).toContainEqual(expect.objectContaining({ kind: 'report_received' }));

      expect((await resolve(admin, first.json().id, 'dismiss')).statusCode).toBe(200);
      // Once resolved, the same target can be reported again.
      expect((await report(stranger, { targetType: 'user', targetId: driver.id })).statusCode).toBe(201);
      const queue = await adminReports();
      const firstResolved = queue.findIndex((row) => row.status === 'resolved');
      expect(queue.slice(0, firstResolved).every((row) => row.status === 'open')).toBe(true);
      expect(queue.slice(firstResolved).every((row) => row.status === 'resolved')).toBe(true);
      expect(await notificationsOf(stranger)).toContainEqual(expect.objectContaining({ kind: 'report_outcome' }));
    });
  });

  describe('resolving', () => {
    it('warn notifies the user; every action is audited with its note; a resolved report cannot be resolved again', async () => {
      const filed = (await report(passenger, { targetType: 'user', targetId: stranger.id })).json();
      const res = await resolve(admin, filed.id, 'warn', 'Be kind in messages');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'resolved', action: 'warn', resolutionNote: 'Be kind in messages' });
      expect(await notificationsOf(stranger)).toContainEqual(
        expect.objectContaining({ kind: 'account_warning', body: expect.stringContaining('Be kind in messages') }),
      );
      expect(await notificationsOf(passenger)).toContainEqual(expect.objectContaining({ kind: 'report_outcome' }));
      expect((await resolve(admin, filed.id, 'dismiss')).statusCode).toBe(409);
      expect(await audit(`?targetId=${filed.id}`)).toEqual([
        expect.objectContaining({ action: 'report_warned', reason: 'Be kind in messages', actor: expect.objectContaining({ id: admin.id }) }),
      ]);
      expect((await audit('?action=report_warned')).every((entry) => entry.action === 'report_warned')).toBe(true);
    });

    it('hide_content removes a ride from everyone but its driver, and a message shows as removed', async () => {
      const ride = await postRide(t, driver.token, { time: '10:00' });
      const filed = (await report(stranger, { targetType: 'ride', targetId: ride.id, reason: 'scam' })).json();
      // In the ride's own zone (10:00 UTC on March 12 is 6:00 AM in New York), never in UTC.
      expect((await adminReports()).find((row) => row.id === filed.id)?.targetSummary).toBe('Ride from Ithaca to New York City on Thu, Mar 12, 2026, 6:00 AM EDT');
      expect((await resolve(admin, filed.id, 'hide_content')).statusCode).toBe(200);
      expect((await t.call({ method: 'GET', url: `/api/rides/${ride.id}`, token: stranger.token })).statusCode).toBe(404);
      expect((await t.call({ method: 'GET', url: `/api/rides/${ride.id}`, token: driver.token })).statusCode).toBe(200);
      const search = await t.call({ method: 'GET', url: '/api/rides/getall', token: stranger.token });
      expect(search.json().map((row: { id: string }) => row.id)).not.toContain(ride.id);

      t.clock.advance(MESSAGE_RATE_LIMIT.windowMs);
      const dm = (await t.call({ method: 'POST', url: '/api/conversation-messages/send', token: stranger.token, payload: { receiverId: passenger.id, content: 'Nasty words' } })).json();
      const dmReport = (await report(passenger, { targetType: 'direct_message', targetId: dm.id })).json();
      expect((await resolve(admin, dmReport.id, 'hide_content')).statusCode).toBe(200);
      const conversation = await t.call({ method: 'GET', url: `/api/conversation-messages/conversation/${stranger.id}`, token: passenger.token });
      expect(conversation.json().find((row: { id: string }) => row.id === dm.id).content).toBe('This message was removed.');
      const inbox = await t.call({ method: 'GET', url: '/api/conversation-messages/inbox', token: passenger.token });
      expect(inbox.json().find((row: { user: { id: string } }) => row.user.id === stranger.id).lastMessage).toBe('This message was removed.');

      const userReport = (await report(passenger, { targetType: 'user', targetId: driver.id })).json();
      expect((await resolve(admin, userReport.id, 'hide_content')).statusCode).toBe(400);
    });

    it('searches users by name or e-mail with their counts', async () => {
      const res = await t.call({ method: 'GET', url: '/api/admin/users?q=DREW', token: admin.token });
      expect(res.statusCode).toBe(200);
      const [found] = res.json().users;
      expect(found).toMatchObject({ id: driver.id, email: 'drew@cornell.edu', suspended: false });
      expect(found.counts.rides).toBeGreaterThan(0);
      expect(found.counts.reportsAgainst).toBeGreaterThan(0);
      expect((await t.call({ method: 'GET', url: '/api/admin/users?q=%25', token: admin.token })).json().users).toEqual([]);
    });
  });
});
