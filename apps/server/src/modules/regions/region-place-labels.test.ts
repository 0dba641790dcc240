import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SignedInUser } from '@carpool/shared/schemas/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/harness.js';
import { openRegion, regionInput } from '../../test/region-fixtures.js';
import { RIDES_TEST_START, bookRide, postRide } from '../../test/ride-fixtures.js';

/*
 * A region created in the console names its places by its own labels everywhere the server writes
 * them: here labels that the slug's words would never give ("buf" is not "Buf").
 */
const FROM_LABEL = 'Rochester (Downtown Transit Center)';
const TO_LABEL = 'Buffalo Niagara Airport (BUF)';

describeEachDatabase("a console-made region's place labels in the server's texts", (kind) => {
  let t: TestApp;
  let admin: SignedInUser;
  let driver: SignedInUser;
  let passenger: SignedInUser;

  const signInTo = async (email: string, name: string) => {
    const minted = await t.call({ method: 'POST', url: '/api/dev/id-token', payload: { email, name } });
    const signedIn = await t.call({ method: 'POST', url: '/api/auth/google', region: 'lakeshore', payload: { tokenId: minted.json().tokenId } });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    return signedIn.json<SignedInUser>();
  };
  const bodiesOf = async (user: SignedInUser) =>
    (await t.call({ method: 'GET', url: '/api/notifications', token: user.token, region: 'lakeshore' }))
      .json<{ notifications: { kind: string; body: string }[] }>()
      .notifications.map((notification) => `${notification.kind}: ${notification.body}`);

  beforeAll(async () => {
    t = await createTestApp(kind, { start: RIDES_TEST_START, config: { adminEmails: ['boss@cornell.edu'], allowedEmailDomains: null } });
    admin = await t.signIn('boss@cornell.edu', 'Ada Admin');
    await openRegion(
      t,
      admin.token,
      regionInput('lakeshore', { name: 'Lakeshore', where: 'on the Lakeshore', subtitle: 'Rides along Lake Ontario' }),
      `slug,label,lat,lng\nrochester_downtown,${FROM_LABEL},43.1566,-77.6088\nbuf,${TO_LABEL},42.9405,-78.7322`,
    );
    driver = await signInTo('dana@rochester.edu', 'Dana Driver');
    passenger = await signInTo('pat@rochester.edu', 'Pat Passenger');
  });
  afterAll(() => t.close());

  it('names them in the booking statement\'s notification, the cancellation\'s, a report\'s summary and the console', async () => {
    const ride = await postRide(t, driver.token, { from: 'rochester_downtown', to: 'buf' }, 'lakeshore');
    const booked = await bookRide(t, passenger.token, ride.id, { region: 'lakeshore' });
    expect(booked.statusCode, booked.body).toBe(201);
    // Written by SQL inside the booking statement (bookings.repository), from the region's labels.
    expect(await bodiesOf(driver)).toContain(`booking_requested: A passenger asks for 1 seat and 0 suitcases from ${FROM_LABEL} to ${TO_LABEL}.`);

    const reported = await t.call({ method: 'POST', url: '/api/reports', token: passenger.token, region: 'lakeshore', payload: { targetType: 'ride', targetId: ride.id, reason: 'scam', details: '' } });
    expect(reported.statusCode, reported.body).toBe(201);
    const reports = (await t.call({ method: 'GET', url: '/api/admin/reports', token: admin.token })).json<{ reports: { id: string; targetSummary: string }[] }>().reports;
    expect(reports.find((row) => row.id === reported.json().id)?.targetSummary).toMatch(new RegExp(`^Ride from ${escape(FROM_LABEL)} to ${escape(TO_LABEL)} on `));
    const view = (await t.call({ method: 'GET', url: `/api/admin/users/${driver.id}`, token: admin.token })).json();
    expect(view.rides[0]).toMatchObject({ from: FROM_LABEL, to: TO_LABEL });

    const cancelled = await t.call({ method: 'DELETE', url: `/api/rides/${ride.id}`, token: driver.token, region: 'lakeshore' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await bodiesOf(passenger)).toContain(`ride_cancelled: Dana Driver cancelled the ride from ${FROM_LABEL} to ${TO_LABEL}. Your booking was cancelled.`);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe("the server's source", () => {
  const BUILT_IN_LISTS = ['PLACES', 'PLACE_COORDINATES', 'builtInPlaceIndex', 'placeLabel', 'COLLEGES', 'COLLEGE_LABELS', 'collegeFromEmail', 'REGION_WORDING', 'REGION_BRAND_COLOUR', 'REGIONS', 'DEFAULT_REGION', 'isRegion', 'regionName'];
  const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

  it('reads places, colleges and regions from the regions directory, never from the built-in lists of packages/shared (tests aside)', () => {
    const offenders: string[] = [];
    for (const entry of readdirSync(src, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.ts$/.test(entry.name) || /\.test\.ts$/.test(entry.name)) continue;
      const file = path.join(entry.parentPath, entry.name);
      if (file.includes(`${path.sep}test${path.sep}`)) continue;
      for (const match of readFileSync(file, 'utf8').matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'@carpool\/shared\/[^']+'/g)) {
        const names = match[1]!.split(',').map((name) => name.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]!);
        for (const name of names.filter((each) => BUILT_IN_LISTS.includes(each))) offenders.push(`${path.relative(src, file)}: ${name}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
