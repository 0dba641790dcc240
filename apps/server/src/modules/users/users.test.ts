import { specPlaceIndex } from '@carpool/shared/fixtures/spec-regions';
import { CO2_KG_PER_MILE, DRIVING_ALONE_CENTS_PER_MILE, legMiles, segmentPrice } from '@carpool/shared/distance';
import type { SignedInUser } from '@carpool/shared/schemas/users';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bookings, rides } from '../../db/schema.js';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/harness.js';
import { smallPng } from '../../test/images.js';
import { multipartRequest } from '../../test/multipart.js';

describeEachDatabase('profiles', (kind) => {
  let t: TestApp;
  let me: SignedInUser;
  let viewer: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    me = await t.signIn('pr1@cornell.edu', 'Paula Profile');
    viewer = await t.signIn('vw1@rutgers.edu', 'Victor Viewer');
  });
  afterAll(() => t.close());

  const save = (body: Record<string, unknown>, token = me.token) =>
    t.call({ method: 'PUT', url: '/api/users/profile', token, payload: body });
  const view = async () => (await t.call({ method: 'GET', url: `/api/users/${me.id}`, token: viewer.token })).json();

  it('shows a new user with default preferences and zero stats', async () => {
    expect(await view()).toEqual({
      id: me.id,
      name: 'Paula Profile',
      avatar: null,
      avatarColor: expect.any(String),
      bio: '',
      college: 'cornell',
      preferences: { okayWithChatting: true, okayWithAnimals: false, okayWithMusic: true, okayWithSmoking: false },
      verificationStatus: 'none',
      driverVerified: false,
      stats: { reviewCount: 0, averageRating: 0, ridesAsDriver: 0, ridesAsPassenger: 0, impact: { milesShared: 0, co2SavedKg: 0, moneySaved: 0 } },
    });
  });

  it("adds up a person's completed shared trips: miles, CO2 and money saved, as passenger and as driver", async () => {
    const rider = await t.signIn('impact-rider@cornell.edu', 'Ivy Impact');
    const driver = await t.signIn('impact-driver@cornell.edu', 'Drew Impact');
    const route = ['ithaca', 'binghamton', 'new_york_city'];
    const [ride] = await t.database.db
      .insert(rides)
      .values({
        region: 'cornell',
        driverId: driver.id,
        fromPlace: 'ithaca',
        toPlace: 'new_york_city',
        stopPlaces: ['binghamton'],
        stopTimes: [new Date('2026-03-12T15:45:00Z')],
        departsAt: new Date('2026-03-12T14:30:00Z'),
        timezone: 'America/New_York',
        priceCents: 3500,
        totalSeats: 3,
        legSeats: [3, 1],
        totalSuitcases: 2,
        legSuitcases: [2, 2],
        status: 'completed',
      })
      .returning();
    // Two seats from Binghamton, completed; a cancelled booking counts for nothing.
    await t.database.db.insert(bookings).values([
      { rideId: ride!.id, userId: rider.id, seats: 2, suitcases: 0, fromPlace: 'binghamton', toPlace: 'new_york_city', status: 'completed' },
      { rideId: ride!.id, userId: viewer.id, seats: 1, suitcases: 0, fromPlace: 'ithaca', toPlace: 'new_york_city', status: 'cancelled' },
    ]);
    const legs = legMiles(specPlaceIndex('cornell'), route);
    const seatMiles = legs[1]! * 2;
    const paid = segmentPrice(35, legs, 1, 2) * 2;
    const statsOf = async (user: SignedInUser) => (await t.call({ method: 'GET', url: `/api/users/${user.id}`, token: viewer.token })).json().stats;
    expect((await statsOf(rider)).impact).toEqual({
      milesShared: Math.round(seatMiles),
      co2SavedKg: Math.round(seatMiles * CO2_KG_PER_MILE),
      moneySaved: Math.round((seatMiles * DRIVING_ALONE_CENTS_PER_MILE) / 100 - paid),
    });
    expect((await statsOf(driver)).impact).toEqual({ milesShared: Math.round(seatMiles), co2SavedKg: Math.round(seatMiles * CO2_KG_PER_MILE), moneySaved: paid });
    expect(paid).toBeLessThan(35 * 2);
  });

  it('saves name, bio and preferences, and other users see them', async () => {
    const res = await save({
      name: '  Paula P.  ',
      email: 'PR1@cornell.edu',
      bio: 'Grad student, quiet rider.',
      preferences: { okayWithChatting: false, okayWithAnimals: true, okayWithMusic: false, okayWithSmoking: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: me.id, name: 'Paula P.', email: 'pr1@cornell.edu', isAdmin: false });
    expect(await view()).toMatchObject({
      name: 'Paula P.',
      bio: 'Grad student, quiet rider.',
      preferences: { okayWithChatting: false, okayWithAnimals: true, okayWithMusic: false, okayWithSmoking: false },
    });
  });

  it('keeps bio and preferences when they are left out', async () => {
    expect((await save({ name: 'Paula', email: 'pr1@cornell.edu' })).statusCode).toBe(200);
    expect(await view()).toMatchObject({ name: 'Paula', bio: 'Grad student, quiet rider.', preferences: { okayWithAnimals: true } });
  });

  it('refuses another e-mail address with a clear message', async () => {
    const res = await save({ name: 'Paula', email: 'someone.else@cornell.edu' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/cannot be changed/) });
    const session = await t.call({ method: 'GET', url: '/api/auth/verify-token', token: me.token });
    expect(session.json().user.email).toBe('pr1@cornell.edu');
  });

  it('requires name and e-mail', async () => {
    for (const body of [{ email: 'pr1@cornell.edu' }, { name: '   ', email: 'pr1@cornell.edu' }, { name: 'Paula' }, { name: 'Paula', email: 'nope' }]) {
      const res = await save(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await t.call({ method: 'PUT', url: '/api/users/profile', payload: { name: 'x', email: 'x@cornell.edu' } })).statusCode).toBe(401);
  });

  it('keeps the avatar when sent back unchanged, removes it on null, refuses any other URL', async () => {
    const form = await multipartRequest({ image: { bytes: await smallPng(), filename: 'me.png', type: 'image/png' } });
    const uploaded = await t.call({ method: 'POST', url: '/api/users/upload-image', token: me.token, ...form });
    const avatar = uploaded.json().avatar as string;

    expect((await save({ name: 'Paula', email: 'pr1@cornell.edu', avatar })).json().avatar).toBe(avatar);
    const foreign = await save({ name: 'Paula', email: 'pr1@cornell.edu', avatar: 'https://elsewhere.example.com/x.png' });
    expect(foreign.statusCode).toBe(400);

    const removed = await save({ name: 'Paula', email: 'pr1@cornell.edu', avatar: null });
    expect(removed.json().avatar).toBeNull();
    expect((await view()).avatar).toBeNull();
    expect((await t.call({ method: 'GET', url: avatar })).statusCode).toBe(404);
  });

  it('documents the profile, review and upload routes in the OpenAPI document', async () => {
    const doc = (await t.call({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of ['/api/users/{userId}', '/api/users/{userId}/reviews', '/api/users/profile', '/api/users/upload-image']) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    expect(doc.paths['/api/users/{userId}/reviews'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['type', 'limit', 'offset']),
    );
  });

  it('answers 404 for an unknown user and 401 when signed out', async () => {
    const unknown = await t.call({ method: 'GET', url: '/api/users/00000000-0000-4000-8000-000000000000', token: viewer.token });
    expect(unknown.statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/users/${me.id}` })).statusCode).toBe(401);
  });
});
