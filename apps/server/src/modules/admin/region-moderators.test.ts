import type { SignedInUser } from '@carpool/shared/schemas/users';
import type { VerificationSubmission } from '@carpool/shared/schemas/verification';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MESSAGE_RATE_LIMIT } from '../../plugins/message-rate-limit.js';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/harness.js';
import { openRegion, regionInput } from '../../test/region-fixtures.js';
import { smallPng } from '../../test/images.js';
import { multipartRequest } from '../../test/multipart.js';
import { RIDES_TEST_START, bookRide, postRide, rideRequestBody } from '../../test/ride-fixtures.js';

/*
 * Issue 33, acceptance 6: a region moderator sees only their region in every console list and
 * action (403 elsewhere); platform administrators see all. The rule of "of a region":
 * docs/decisions/region-moderators.md. No ALLOWED_EMAIL_DOMAINS here, so each region's own domains
 * decide who its people are: cornell's (the specification's thirteen universities) and rochester's
 * (rochester.edu) do not meet.
 */
describeEachDatabase('region moderators in the console', (kind) => {
  let t: TestApp;
  let admin: SignedInUser;
  /** Moderator of cornell. */
  let cora: SignedInUser;
  /** Moderator of rochester. */
  let rex: SignedInUser;
  let drew: SignedInUser;
  let pia: SignedInUser;
  let rory: SignedInUser;
  let rita: SignedInUser;
  const reports = { cornellRide: '', cornellUser: '', rochesterRide: '', rochesterRequest: '', rochesterMessage: '', rochesterUser: '' };
  const submissions = { drew: {} as VerificationSubmission, rory: {} as VerificationSubmission };

  const signInTo = async (region: string, email: string, name: string) => {
    const minted = await t.call({ method: 'POST', url: '/api/dev/id-token', payload: { email, name } });
    const signedIn = await t.call({ method: 'POST', url: '/api/auth/google', region, payload: { tokenId: minted.json().tokenId } });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    return signedIn.json<SignedInUser>();
  };
  const asAdmin = async (method: 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) => {
    const res = await t.call({ method, url, token: admin.token, payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
  };
  const fileReport = async (user: SignedInUser, targetType: string, targetId: string, region = 'cornell') => {
    const res = await t.call({ method: 'POST', url: '/api/reports', token: user.token, region, payload: { targetType, targetId, reason: 'harassment', details: '' } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>().id;
  };
  const submitDocuments = async (user: SignedInUser, region: string) => {
    const form = await multipartRequest({
      licenseFront: { bytes: await smallPng(), filename: 'front.png', type: 'image/png' },
      licenseBack: { bytes: await smallPng(), filename: 'back.png', type: 'image/png' },
      insurance: { bytes: await smallPng(), filename: 'insurance.png', type: 'image/png' },
    });
    const res = await t.call({ method: 'POST', url: '/api/users/upload-verification-docs', token: user.token, region, ...form });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ submission: VerificationSubmission }>().submission;
  };
  const get = (user: SignedInUser, url: string) => t.call({ method: 'GET', url, token: user.token });
  const ids = (rows: { id: string }[]) => rows.map((row) => row.id);

  beforeAll(async () => {
    t = await createTestApp(kind, { start: RIDES_TEST_START, config: { adminEmails: ['boss@cornell.edu'], allowedEmailDomains: null } });
    admin = await t.signIn('boss@cornell.edu', 'Ada Admin');
    await openRegion(t, admin.token, regionInput('rochester'), 'slug,label,lat,lng\nrochester,Rochester,43.1566,-77.6088\nbuffalo,Buffalo,42.8865,-78.8784');
    await asAdmin('PUT', '/api/admin/regions/cornell/moderators', { emails: ['cora@cornell.edu'] });
    await asAdmin('PUT', '/api/admin/regions/rochester/moderators', { emails: ['rex@rochester.edu'] });

    cora = await t.signIn('cora@cornell.edu', 'Cora Moderator');
    drew = await t.signIn('drew@cornell.edu', 'Drew Driver');
    pia = await t.signIn('pia@cornell.edu', 'Pia Passenger');
    rex = await signInTo('rochester', 'rex@rochester.edu', 'Rex Moderator');
    rory = await signInTo('rochester', 'rory@rochester.edu', 'Rory Driver');
    rita = await signInTo('rochester', 'rita@rochester.edu', 'Rita Rider');

    const cornellRide = await postRide(t, drew.token, { time: '09:00' });
    reports.cornellRide = await fileReport(pia, 'ride', cornellRide.id);
    reports.cornellUser = await fileReport(drew, 'user', pia.id);

    const rochesterRide = await postRide(t, rory.token, { from: 'rochester', to: 'buffalo', time: '09:00' }, 'rochester');
    expect((await bookRide(t, rita.token, rochesterRide.id, { region: 'rochester' })).statusCode).toBe(201);
    t.clock.advance(MESSAGE_RATE_LIMIT.windowMs);
    const sent = await t.call({ method: 'POST', url: '/api/messages/send', token: rory.token, region: 'rochester', payload: { rideId: rochesterRide.id, content: 'Cash only' } });
    expect(sent.statusCode, sent.body).toBe(201);
    const request = await t.call({ method: 'POST', url: '/api/ride-requests', token: rita.token, region: 'rochester', payload: rideRequestBody({ from: 'buffalo', to: 'rochester' }) });
    expect(request.statusCode, request.body).toBe(201);
    reports.rochesterRide = await fileReport(rita, 'ride', rochesterRide.id, 'rochester');
    reports.rochesterMessage = await fileReport(rita, 'message', sent.json().id, 'rochester');
    reports.rochesterRequest = await fileReport(rory, 'ride_request', request.json().id, 'rochester');
    reports.rochesterUser = await fileReport(rita, 'user', rory.id, 'rochester');

    submissions.drew = await submitDocuments(drew, 'cornell');
    submissions.rory = await submitDocuments(rory, 'rochester');
  });
  afterAll(() => t.close());

  it('tells each moderator which regions they moderate', () => {
    expect(cora).toMatchObject({ isAdmin: false, moderatedRegions: ['cornell'] });
    expect(rex).toMatchObject({ isAdmin: false, moderatedRegions: ['rochester'] });
    expect(rory.moderatedRegions).toEqual([]);
  });

  it("lists only the moderator's region in every console list; a platform administrator sees all", async () => {
    const cornellReports = [reports.cornellRide, reports.cornellUser];
    const rochesterReports = [reports.rochesterRide, reports.rochesterMessage, reports.rochesterRequest, reports.rochesterUser];
    const reportsOf = async (user: SignedInUser) => ids((await get(user, '/api/admin/reports')).json<{ reports: { id: string }[] }>().reports).sort();
    expect(await reportsOf(cora)).toEqual([...cornellReports].sort());
    expect(await reportsOf(rex)).toEqual([...rochesterReports].sort());
    expect(await reportsOf(admin)).toEqual([...cornellReports, ...rochesterReports].sort());

    const queueOf = async (user: SignedInUser) => ids((await get(user, '/api/admin/verifications')).json<{ id: string }[]>());
    expect(await queueOf(cora)).toEqual([submissions.drew.id]);
    expect(await queueOf(rex)).toEqual([submissions.rory.id]);
    expect((await queueOf(admin)).sort()).toEqual([submissions.drew.id, submissions.rory.id].sort());

    const usersOf = async (user: SignedInUser) => ids((await get(user, '/api/admin/users?limit=100')).json<{ users: { id: string }[] }>().users).sort();
    expect(await usersOf(cora)).toEqual([admin.id, cora.id, drew.id, pia.id].sort());
    expect(await usersOf(rex)).toEqual([rex.id, rory.id, rita.id].sort());
    expect(await usersOf(admin)).toEqual([admin.id, cora.id, drew.id, pia.id, rex.id, rory.id, rita.id].sort());
    // The search narrows within the region: Rex finds no Cornell Drew by name.
    expect((await get(rex, '/api/admin/users?q=drew')).json().users).toEqual([]);
  });

  it("answers 403 FORBIDDEN for another region's user, report and application, and for their documents a 404", async () => {
    for (const [url, method, payload] of [
      [`/api/admin/users/${drew.id}`, 'GET'],
      [`/api/admin/users/${drew.id}/suspend`, 'POST', { reason: 'no' }],
      [`/api/admin/users/${drew.id}/suspend`, 'DELETE'],
      [`/api/admin/reports/${reports.cornellRide}/resolve`, 'POST', { action: 'dismiss', note: '' }],
      [`/api/admin/reports/${reports.cornellUser}/resolve`, 'POST', { action: 'suspend_user', note: '' }],
      [`/api/admin/verifications/${submissions.drew.id}/approve`, 'POST'],
      [`/api/admin/verifications/${submissions.drew.id}/reject`, 'POST', { reason: 'no' }],
    ] as const) {
      const res = await t.call({ method, url, token: rex.token, payload: payload as Record<string, unknown> | undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    // Nothing was done on the way: the report is open, the application pending, Drew not suspended.
    expect((await get(admin, '/api/admin/reports?status=open')).json().reports.map((row: { id: string }) => row.id)).toContain(reports.cornellRide);
    expect(ids((await get(admin, '/api/admin/verifications')).json())).toContain(submissions.drew.id);
    expect((await get(admin, `/api/admin/users/${drew.id}`)).json().user.suspended).toBe(false);
    // A document is private: another region's moderator gets the 404 of an unknown file.
    expect((await get(rex, submissions.drew.documents.licenseFront)).statusCode).toBe(404);
    expect((await get(cora, submissions.drew.documents.licenseFront)).statusCode).toBe(200);
  });

  it('lets a moderator act on their own region: view a person, resolve a report, decide an application, suspend and lift it', async () => {
    const view = await get(rex, `/api/admin/users/${rory.id}`);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().rides).toEqual([expect.objectContaining({ from: 'Rochester', to: 'Buffalo' })]);
    expect(ids(view.json().reportsAgainst).sort()).toEqual([reports.rochesterRide, reports.rochesterMessage, reports.rochesterUser].sort());

    expect((await get(rex, submissions.rory.documents.insurance)).statusCode).toBe(200);
    const approved = await t.call({ method: 'POST', url: `/api/admin/verifications/${submissions.rory.id}/approve`, token: rex.token });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved' });

    const resolved = await t.call({ method: 'POST', url: `/api/admin/reports/${reports.rochesterRequest}/resolve`, token: rex.token, payload: { action: 'dismiss', note: 'Fine' } });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({ status: 'resolved', action: 'dismiss' });

    expect((await t.call({ method: 'POST', url: `/api/admin/users/${rita.id}/suspend`, token: rex.token, payload: { reason: 'Spam' } })).statusCode).toBe(200);
    expect((await t.call({ method: 'DELETE', url: `/api/admin/users/${rita.id}/suspend`, token: rex.token })).statusCode).toBe(200);

    // Their actions are audited in their name; the audit log itself is the platform administrators'.
    const audit = (await get(admin, `/api/admin/audit?actorId=${rex.id}`)).json<{ entries: { action: string }[] }>().entries.map((entry) => entry.action);
    expect(audit.sort()).toEqual(['report_dismissed', 'user_suspended', 'user_unsuspended', 'verification_approved'].sort());
    expect((await get(rex, '/api/admin/audit')).statusCode).toBe(403);
  });

  it('follows the directory: a moderator removed in the console loses the console at their next request', async () => {
    await asAdmin('PUT', '/api/admin/regions/rochester/moderators', { emails: [] });
    expect((await get(rex, '/api/admin/reports')).statusCode).toBe(403);
    expect((await get(rex, '/api/auth/verify-token')).json().user.moderatedRegions).toEqual([]);
  });
});
