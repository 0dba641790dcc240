import type { Ride } from '@carpool/shared/schemas/rides';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './harness.js';

/** The clock of the rides and bookings tests starts here; rides depart two days later. */
export const RIDES_TEST_START = new Date('2026-03-10T12:00:00Z');

/** A valid POST /api/rides body departing 2026-03-12 14:30 UTC from Ithaca to New York City. */
export function rideBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    from: 'ithaca',
    to: 'new_york_city',
    date: '2026-03-12',
    time: '14:30',
    seatsAvailable: 3,
    totalSeats: 3,
    suitcasesAvailable: 2,
    totalSuitcases: 2,
    price: 25.5,
    notes: ['  No smoking  ', 'One stop in Binghamton'],
    pickupAddress: 'Cornell University, Ithaca, NY',
    pickupLat: 42.4534,
    pickupLng: -76.4735,
    dropoffAddress: 'Port Authority, New York, NY',
    dropoffLat: 40.757,
    dropoffLng: -73.9903,
    timezone: 'America/New_York',
    ...overrides,
  };
}

/** A valid POST /api/ride-requests body: one seat and one suitcase from Ithaca to New York City on 2026-03-14 at 15:00. */
export function rideRequestBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    from: 'ithaca',
    to: 'new_york_city',
    date: '2026-03-14',
    time: '15:00',
    seatsNeeded: 1,
    suitcasesNeeded: 1,
    notes: [],
    preferredPickupAddress: 'Collegetown, Ithaca',
    preferredDropoffAddress: 'Penn Station, New York',
    timezone: 'America/New_York',
    ...overrides,
  };
}

export async function postRide(
  t: TestApp,
  token: string,
  overrides: Record<string, unknown> = {},
  region?: string,
): Promise<Ride> {
  const res = await t.call({ method: 'POST', url: '/api/rides', token, region, payload: rideBody(overrides) });
  if (res.statusCode !== 201) throw new Error(`posting a ride failed: ${res.statusCode} ${res.body}`);
  return res.json<Ride>();
}

export function bookRide(
  t: TestApp,
  token: string,
  rideId: string,
  options: { seats?: number; suitcases?: number; region?: string; paymentIntentId?: string; from?: string; to?: string } = {},
): Promise<LightMyRequestResponse> {
  return t.call({
    method: 'POST',
    url: '/api/bookings/bookRide',
    token,
    region: options.region,
    payload: {
      rideId,
      seats: options.seats ?? 1,
      suitcases: options.suitcases ?? 0,
      paymentIntentId: options.paymentIntentId ?? 'NO_STRIPE',
      ...(options.from ? { from: options.from } : {}),
      ...(options.to ? { to: options.to } : {}),
    },
  });
}

export async function getRideAs(t: TestApp, rideId: string, token?: string, region?: string): Promise<Ride> {
  const res = await t.call({ method: 'GET', url: `/api/rides/${rideId}`, token, region });
  if (res.statusCode !== 200) throw new Error(`reading the ride failed: ${res.statusCode} ${res.body}`);
  return res.json<Ride>();
}
