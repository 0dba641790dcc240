import { TEXTS } from '@carpool/shared/texts';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setPublicSocketFactory, type PublicSocket } from '../../../lib/socket';
import { fakeServer, signInLocally, testUser } from '../../../test/fake-server';
import { FakeSocket } from '../../../test/fake-socket';
import { renderWithApp } from '../../../test/render-with-app';
import { LiveSeatCounts } from '../components/live-seat-counts';
import { applyRideSeats } from './use-live-seat-counts';
import { rideKeys } from '../api/ride-query-keys';
import { QueryClient } from '@tanstack/react-query';
import { HomePage } from '../components/home-page';
import { BINGHAMTON_TO_NYC, rideFixture, rideWithStopsFixture } from '../test/ride-fixture';

const config = { mode: 'dev', googleClientId: null, googleMapsApiKey: null, mapTileUrl: null };
const watched = rideFixture();
const other = rideFixture({ id: '5d3b1a2c-8e9f-4a0b-9c1d-2e3f4a5b6c7d', to: 'syracuse' });

let sockets: FakeSocket[];
beforeEach(() => {
  localStorage.clear();
  sockets = [];
  setPublicSocketFactory((options) => {
    const socket = new FakeSocket(options);
    sockets.push(socket);
    return socket as unknown as PublicSocket;
  });
});
afterEach(() => {
  setPublicSocketFactory(null);
  vi.unstubAllGlobals();
});

const searches = (fetchMock: ReturnType<typeof fakeServer>) =>
  fetchMock.mock.calls.filter(([url]) => new URL(String(url), 'http://localhost').pathname === '/api/rides/getall').length;
const cardOf = (to: RegExp) => screen.getAllByRole('article').find((card) => to.test(card.textContent ?? ''))!;

describe('live seat counts for a signed-out visitor', () => {
  it("patches the listed ride's seats from the region's public socket and drops a cancelled ride, without asking the server again", async () => {
    const fetchMock = fakeServer({
      'GET /api/config': () => ({ body: config }),
      'GET /api/rides/getall': () => ({ body: [watched, other] }),
      'GET /api/rides/day-counts': () => ({ body: [] }),
    });
    renderWithApp(
      <>
        <HomePage />
        <LiveSeatCounts />
      </>,
    );
    expect(await screen.findByText(TEXTS.rides.showingCount(2))).toBeInTheDocument();
    const socket = sockets.at(-1)!;
    // The region it follows, and no token: a signed-out page.
    expect(socket.options.auth).toEqual({ region: 'cornell' });
    act(() => socket.serverConnect());
    const before = searches(fetchMock);
    expect(within(cardOf(/Boston/)).getByText('3 of 4')).toBeInTheDocument();

    act(() => socket.serverEmit('ride-seats', { rideId: watched.id, seatsAvailable: 1, suitcasesAvailable: 0, waitingCount: 0, status: 'active' }));
    // React Query tells the screen a moment later (its notifications are batched).
    expect(await within(cardOf(/Boston/)).findByText('1 of 4')).toBeInTheDocument();
    expect(within(cardOf(/Boston/)).getByText('0 of 3')).toBeInTheDocument();
    expect(within(cardOf(/Syracuse/)).getByText('3 of 4')).toBeInTheDocument();

    // A ride that is not on screen changes nothing.
    act(() => socket.serverEmit('ride-seats', { rideId: 'c8d7e6f5-a4b3-4c2d-8e1f-0a9b8c7d6e5f', seatsAvailable: 0, suitcasesAvailable: 0, waitingCount: 0, status: 'active' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByRole('article')).toHaveLength(2);

    act(() => socket.serverEmit('ride-seats', { rideId: watched.id, seatsAvailable: 4, suitcasesAvailable: 3, waitingCount: 0, status: 'cancelled' }));
    await vi.waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.getByRole('article')).toHaveTextContent(/Syracuse/);
    expect(searches(fetchMock)).toBe(before);
  });

  it('reads the list again after a reconnect that lost events, and not after one that got them replayed', async () => {
    const fetchMock = fakeServer({
      'GET /api/config': () => ({ body: config }),
      'GET /api/rides/getall': () => ({ body: [watched] }),
      'GET /api/rides/day-counts': () => ({ body: [] }),
    });
    const view = renderWithApp(
      <>
        <HomePage />
        <LiveSeatCounts />
      </>,
    );
    expect(await screen.findByText(TEXTS.rides.showingCount(1))).toBeInTheDocument();
    const socket = sockets.at(-1)!;
    act(() => socket.serverConnect());
    const before = searches(fetchMock);
    act(() => {
      socket.serverDrop();
      socket.serverConnect({ recovered: true });
    });
    expect(searches(fetchMock)).toBe(before);
    act(() => {
      socket.serverDrop();
      socket.serverConnect();
    });
    await vi.waitFor(() => expect(searches(fetchMock)).toBe(before + 1));

    view.unmount();
    expect(socket.connected).toBe(false);
  });
});

describe('live waiting counts for a passenger on the waiting list', () => {
  it("reads a waiting passenger's place again when the ride's waiting count moves, and nobody else's", async () => {
    const waitingFor = rideFixture({ seatsAvailable: 0, waitingCount: 2 });
    const waitingOn = (position: number) => ({ position, seats: 1, suitcases: 0, createdAt: '2026-11-20T10:00:00.000Z', from: 'ithaca', to: 'boston' });
    let position = 2;
    signInLocally();
    const fetchMock = fakeServer({
      'GET /api/config': () => ({ body: config }),
      'GET /api/auth/verify-token': () => ({ body: { valid: true, user: testUser } }),
      'GET /api/rides/getall': () => ({ body: [{ ...waitingFor, waitingCount: position, myWaitlistEntry: waitingOn(position) }, other] }),
      'GET /api/rides/day-counts': () => ({ body: [] }),
    });
    renderWithApp(
      <>
        <HomePage />
        <LiveSeatCounts />
      </>,
    );
    expect(await screen.findByRole('button', { name: /Waiting #2/ })).toBeInTheDocument();
    const socket = sockets.at(-1)!;
    act(() => socket.serverConnect());
    const before = searches(fetchMock);

    // A line that grows or shrinks on a ride the viewer does not wait for is patched in place: no request.
    act(() => socket.serverEmit('ride-seats', { rideId: other.id, seatsAvailable: 0, suitcasesAvailable: 1, waitingCount: 3, status: 'active' }));
    act(() => socket.serverEmit('ride-seats', { rideId: other.id, seatsAvailable: 0, suitcasesAvailable: 1, waitingCount: 1, status: 'active' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(searches(fetchMock)).toBe(before);

    // Someone ahead left the line: the list is read again and shows the new place.
    position = 1;
    act(() => socket.serverEmit('ride-seats', { rideId: waitingFor.id, seatsAvailable: 0, suitcasesAvailable: 2, waitingCount: 1, status: 'active' }));
    expect(await screen.findByRole('button', { name: /Waiting #1/ })).toBeInTheDocument();
    expect(searches(fetchMock)).toBe(before + 1);

    // The same count again (a booking elsewhere on the ride) asks nothing, nor does someone
    // joining behind the viewer.
    act(() => socket.serverEmit('ride-seats', { rideId: waitingFor.id, seatsAvailable: 0, suitcasesAvailable: 1, waitingCount: 1, status: 'active' }));
    act(() => socket.serverEmit('ride-seats', { rideId: waitingFor.id, seatsAvailable: 0, suitcasesAvailable: 1, waitingCount: 2, status: 'active' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(searches(fetchMock)).toBe(before + 1);
    expect(screen.getByRole('button', { name: /Waiting #1/ })).toBeInTheDocument();
  });
});

describe('live seat counts of a ride with stops', () => {
  it("patches each leg, the whole ride's counts and the searched part's room, the smallest over its legs", async () => {
    const part = rideWithStopsFixture({ id: '5d3b1a2c-8e9f-4a0b-9c1d-2e3f4a5b6c7d', segment: BINGHAMTON_TO_NYC });
    const fetchMock = fakeServer({
      'GET /api/config': () => ({ body: config }),
      'GET /api/rides/getall': () => ({ body: [part] }),
      'GET /api/rides/day-counts': () => ({ body: [] }),
    });
    renderWithApp(
      <>
        <HomePage />
        <LiveSeatCounts />
      </>,
    );
    const card = await screen.findByRole('article', { name: 'Binghamton → New York City' });
    const socket = sockets.at(-1)!;
    act(() => socket.serverConnect());
    const before = searches(fetchMock);
    expect(within(card).getByText('2 of 4')).toBeInTheDocument();

    // Someone books Ithaca -> Scranton: the first two legs lose a seat and a suitcase.
    const legs = [
      { seatsAvailable: 0, suitcasesAvailable: 1 },
      { seatsAvailable: 2, suitcasesAvailable: 1 },
      { seatsAvailable: 2, suitcasesAvailable: 1 },
    ];
    act(() => socket.serverEmit('ride-seats', { rideId: part.id, seatsAvailable: 0, suitcasesAvailable: 1, legs, waitingCount: 0, status: 'active' }));
    // The part still has 2 seats (its legs are the last two) and 1 suitcase.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(card).getByText('2 of 4')).toBeInTheDocument();
    expect(within(card).getByText('1 of 3')).toBeInTheDocument();

    // Someone books Binghamton -> Scranton: the part's room is the second leg's.
    act(() =>
      socket.serverEmit('ride-seats', {
        rideId: part.id,
        seatsAvailable: 0,
        suitcasesAvailable: 0,
        legs: [legs[0]!, { seatsAvailable: 1, suitcasesAvailable: 0 }, legs[2]!],
        waitingCount: 0,
        status: 'active',
      }),
    );
    expect(await within(card).findByText('1 of 4')).toBeInTheDocument();
    expect(within(card).getByText('0 of 3')).toBeInTheDocument();
    expect(searches(fetchMock)).toBe(before);
  });
});

describe('applyRideSeats', () => {
  it("writes the legs and the whole ride's counts into a ride read whole, and its segment is the whole ride's", () => {
    const queryClient = new QueryClient();
    const ride = rideWithStopsFixture();
    queryClient.setQueryData(rideKeys.detail('cornell', ride.id), ride);
    const legs = [
      { seatsAvailable: 3, suitcasesAvailable: 2 },
      { seatsAvailable: 0, suitcasesAvailable: 2 },
      { seatsAvailable: 1, suitcasesAvailable: 0 },
    ];
    applyRideSeats(queryClient, 'cornell', { rideId: ride.id, seatsAvailable: 0, suitcasesAvailable: 0, legs, waitingCount: 0, status: 'active' });
    const patched = queryClient.getQueryData<typeof ride>(rideKeys.detail('cornell', ride.id))!;
    expect(patched.legs.map((leg) => [leg.from, leg.miles, leg.seatsAvailable, leg.suitcasesAvailable])).toEqual([
      ['ithaca', 50, 3, 2],
      ['binghamton', 60, 0, 2],
      ['scranton', 120, 1, 0],
    ]);
    expect([patched.seatsAvailable, patched.suitcasesAvailable]).toEqual([0, 0]);
    expect([patched.segment.seatsAvailable, patched.segment.suitcasesAvailable]).toEqual([0, 0]);
  });
});
