import type { RideSeats } from '@carpool/shared/schemas/rides';
import type { SignedInUser } from '@carpool/shared/schemas/users';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/harness.js';
import { insertRide } from '../../test/messaging-fixtures.js';
import { baseUrlOf, connected, openPublicSocket, pause, type PublicClientSocket } from '../../test/socket-client.js';
import { RIDE_SEATS_COALESCE_MS } from './ride-seats.announcer.js';

/**
 * How long a check that nothing (more) was sent waits: the coalescing window, the read and the
 * broadcast on one quiet process. What must arrive is waited for, however busy the machine.
 */
const SETTLE_MS = RIDE_SEATS_COALESCE_MS + 400;

/** Waits until `received` holds `count` updates. */
const untilReceived = (received: RideSeats[], count: number) =>
  vi.waitFor(() => expect(received).toHaveLength(count), { timeout: 10_000, interval: 20 });

describeEachDatabase('live seat counts for everyone browsing a region', (kind) => {
  let t: TestApp;
  let url: string;
  let driver: SignedInUser;
  let passenger: SignedInUser;
  let second: SignedInUser;
  const sockets: PublicClientSocket[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind, { config: { adminEmails: ['seats-admin@cornell.edu'] } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = baseUrlOf(t.app);
    driver = await t.signIn('seats-driver@cornell.edu', 'Dina Driver');
    passenger = await t.signIn('seats-passenger@cornell.edu', 'Pia Passenger');
    second = await t.signIn('seats-second@cornell.edu', 'Sam Second');
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await t.close();
  });

  /** A signed-out watcher of a region: no token, nothing joined but the region's room. */
  async function watch(region?: string) {
    const socket = openPublicSocket(url, region ? { region } : undefined);
    sockets.push(socket);
    await connected(socket);
    const received: RideSeats[] = [];
    socket.on('ride-seats', (update) => received.push(update));
    return received;
  }

  /** Waits until a watcher opened before has heard of the ride at `seatsAvailable`, so that a watcher opened now hears only what follows. */
  const untilAnnounced = (earlier: RideSeats[], rideId: string, seatsAvailable: number) =>
    vi.waitFor(() => expect(earlier.at(-1)).toMatchObject({ rideId, seatsAvailable }), { timeout: 10_000, interval: 20 });

  const book = (user: SignedInUser, rideId: string, seats: number, suitcases: number) =>
    t.call({ method: 'POST', url: '/api/bookings/bookRide', token: user.token, payload: { rideId, seats, suitcases, paymentIntentId: 'NO_STRIPE' } });

  it('sends each booking, cancellation, rejection and edit to the ride region, signed out included, and nothing to the other region', async () => {
    const rideId = await insertRide(t.database.db, driver.id);
    const cornell = await watch('cornell');
    const byDefault = await watch();
    const nj = await watch('nj');

    const booked = await book(passenger, rideId, 2, 1);
    expect(booked.statusCode).toBe(201);
    await untilReceived(cornell, 1);
    await untilReceived(byDefault, 1);
    expect(cornell).toEqual([{ rideId, seatsAvailable: 1, suitcasesAvailable: 1, legs: [{ seatsAvailable: 1, suitcasesAvailable: 1 }], waitingCount: 0, status: 'active' }]);
    // No region in the handshake is cornell, as for HTTP calls.
    expect(byDefault).toEqual(cornell);

    const cancelled = await t.call({ method: 'DELETE', url: `/api/bookings/${booked.json().id}`, token: passenger.token });
    expect(cancelled.statusCode).toBe(200);
    await untilReceived(cornell, 2);
    expect(cornell.at(-1)).toEqual({ rideId, seatsAvailable: 3, suitcasesAvailable: 2, legs: [{ seatsAvailable: 3, suitcasesAvailable: 2 }], waitingCount: 0, status: 'active' });

    const again = await book(second, rideId, 1, 1);
    expect(again.statusCode).toBe(201);
    await untilReceived(cornell, 3);
    expect(cornell.at(-1)).toMatchObject({ seatsAvailable: 2, suitcasesAvailable: 1 });
    const rejected = await t.call({
      method: 'PUT',
      url: `/api/bookings/${again.json().id}/status`,
      token: driver.token,
      payload: { status: 'cancelled' },
    });
    expect(rejected.statusCode).toBe(200);
    await untilReceived(cornell, 4);
    expect(cornell.at(-1)).toMatchObject({ seatsAvailable: 3, suitcasesAvailable: 2 });

    const edited = await t.call({ method: 'PATCH', url: `/api/rides/${rideId}`, token: driver.token, payload: { totalSeats: 5 } });
    expect(edited.statusCode).toBe(200);
    await untilReceived(cornell, 5);
    expect(cornell.at(-1)).toMatchObject({ rideId, seatsAvailable: 5 });

    await pause(SETTLE_MS);
    expect(cornell).toHaveLength(5);
    expect(nj).toEqual([]);
  });

  it('sends a cancelled ride once, however many bookings the cancellation ended', async () => {
    const rideId = await insertRide(t.database.db, driver.id);
    const earlier = await watch('cornell');
    expect((await book(passenger, rideId, 1, 1)).statusCode).toBe(201);
    expect((await book(second, rideId, 1, 1)).statusCode).toBe(201);
    await untilAnnounced(earlier, rideId, 1);
    const cornell = await watch('cornell');

    const cancelled = await t.call({ method: 'DELETE', url: `/api/rides/${rideId}`, token: driver.token });
    expect(cancelled.statusCode).toBe(200);
    await untilReceived(cornell, 1);
    await pause(SETTLE_MS);
    expect(cornell).toEqual([{ rideId, seatsAvailable: 3, suitcasesAvailable: 2, legs: [{ seatsAvailable: 3, suitcasesAvailable: 2 }], waitingCount: 0, status: 'cancelled' }]);
  });

  it('sends the waiting count when someone joins or leaves the waiting list, and when a block or a suspension ends their waiting', async () => {
    const rideId = await insertRide(t.database.db, driver.id);
    const earlier = await watch('cornell');
    expect((await book(passenger, rideId, 3, 0)).statusCode).toBe(201);
    await untilAnnounced(earlier, rideId, 0);
    const cornell = await watch('cornell');
    const wait = (user: SignedInUser) =>
      t.call({ method: 'POST', url: `/api/rides/${rideId}/waitlist`, token: user.token, payload: { seats: 1, suitcases: 0 } });

    expect((await wait(second)).statusCode).toBe(201);
    await untilReceived(cornell, 1);
    expect(cornell).toEqual([{ rideId, seatsAvailable: 0, suitcasesAvailable: 2, legs: [{ seatsAvailable: 0, suitcasesAvailable: 2 }], waitingCount: 1, status: 'active' }]);

    const third = await t.signIn('seats-third@cornell.edu', 'Tia Third');
    expect((await wait(third)).statusCode).toBe(201);
    await untilReceived(cornell, 2);
    expect(cornell.at(-1)).toMatchObject({ rideId, waitingCount: 2 });

    // The first in line leaves: the second moves up, and the watchers hear of the shorter line.
    expect((await t.call({ method: 'DELETE', url: `/api/rides/${rideId}/waitlist`, token: second.token })).statusCode).toBe(204);
    await untilReceived(cornell, 3);
    expect(cornell.at(-1)).toMatchObject({ rideId, waitingCount: 1 });

    // A refused request leaves the line as it was and sends nothing.
    expect((await wait(third)).statusCode).toBe(409);
    await pause(SETTLE_MS);
    expect(cornell).toHaveLength(3);

    // Blocking the driver ends the waiting on their rides, and the line's watchers hear of it.
    expect((await t.call({ method: 'POST', url: `/api/users/${driver.id}/block`, token: third.token })).statusCode).toBe(200);
    await untilReceived(cornell, 4);
    expect(cornell.at(-1)).toEqual({ rideId, seatsAvailable: 0, suitcasesAvailable: 2, legs: [{ seatsAvailable: 0, suitcasesAvailable: 2 }], waitingCount: 0, status: 'active' });
    expect(cornell).toHaveLength(4);

    // A suspension ends the suspended passenger's waiting too, and the line's watchers hear of it.
    const fourth = await t.signIn('seats-fourth@cornell.edu', 'Flo Fourth');
    expect((await wait(fourth)).statusCode).toBe(201);
    await untilReceived(cornell, 5);
    expect(cornell.at(-1)).toMatchObject({ rideId, waitingCount: 1 });
    const admin = await t.signIn('seats-admin@cornell.edu', 'Ada Admin');
    const suspended = await t.call({ method: 'POST', url: `/api/admin/users/${fourth.id}/suspend`, token: admin.token, payload: { reason: 'spam' } });
    expect(suspended.statusCode, suspended.body).toBe(200);
    await untilReceived(cornell, 6);
    expect(cornell.at(-1)).toEqual({ rideId, seatsAvailable: 0, suitcasesAvailable: 2, legs: [{ seatsAvailable: 0, suitcasesAvailable: 2 }], waitingCount: 0, status: 'active' });
    await pause(SETTLE_MS);
    expect(cornell).toHaveLength(6);
  });

  it('refuses a region that does not exist', async () => {
    const socket = openPublicSocket(url, { region: 'mars' });
    sockets.push(socket);
    const refusal = await new Promise<Error & { data?: { code?: string } }>((resolve, reject) => {
      socket.once('connect', () => reject(new Error('the socket was accepted')));
      socket.once('connect_error', resolve);
    });
    expect(refusal.data?.code).toBe('INVALID_REGION');
  });
});

describe('the announcer when the process closes', () => {
  it('sends nothing after close', async () => {
    const t = await createTestApp('pglite');
    const sent: unknown[] = [];
    t.app.deps.events.subscribe('region-event', (event) => sent.push(event));
    const driver = await t.signIn('closing-driver@cornell.edu', 'Cleo Closing');
    const rideId = await insertRide(t.database.db, driver.id);
    t.app.deps.events.publish('ride-changed', { rideId });
    await t.close();
    await pause(SETTLE_MS);
    expect(sent).toEqual([]);
  });
});
