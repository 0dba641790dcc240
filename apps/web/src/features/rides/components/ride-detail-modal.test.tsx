import { DEFAULT_PREFERENCES } from '@carpool/shared/schemas/users';
import type { Ride } from '@carpool/shared/schemas/rides';
import { TEXTS } from '@carpool/shared/texts';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSocketFactory } from '../../../lib/socket';
import { fakeServer, signInLocally, testUser } from '../../../test/fake-server';
import { fakeSocketFactory } from '../../../test/fake-socket';
import { renderWithApp } from '../../../test/render-with-app';
import { BINGHAMTON_TO_NYC, rideFixture, rideWithStopsFixture, type RideOverrides } from '../test/ride-fixture';
import { LiveRideUpdates } from './live-ride-updates';
import { RideDetailModal } from './ride-detail-modal';

const rideId = '0f8c2a31-5b6d-4e7f-9a0b-1c2d3e4f5a6b';
const otherId = '7b1e1d0f-3a5c-4b64-8e8f-3c2a9a7e0d12';
const bookingId = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const driver = { id: otherId, name: 'Grace Hopper', info: '', avatar: null, avatarColor: null, college: 'cornell' as const, driverVerified: false, reviewCount: 0, averageRating: null, preferences: DEFAULT_PREFERENCES };

function rideWith(overrides: RideOverrides = {}): Ride {
  return rideFixture({
    id: rideId,
    driver,
    notes: ['No smoking'],
    ...overrides,
  });
}

describe('RideDetailModal', () => {
  beforeEach(() => {
    localStorage.clear();
    signInLocally();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('books with the limits of the ride and shows the server error on failure', async () => {
    const fetchMock = fakeServer({
      [`GET /api/rides/${rideId}`]: () => ({ body: rideWith() }),
      'POST /api/bookings/bookRide': () => ({ status: 409, body: { error: 'only 1 seat left', message: 'only 1 seat left', code: 'RIDE_FULL' } }),
    });
    renderWithApp(<RideDetailModal rideId={rideId} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Ithaca → Boston' });
    expect(within(dialog).getByText('No smoking')).toBeInTheDocument();
    const seats = within(dialog).getByLabelText('Seats');
    expect(within(seats).getAllByRole('option').map((option) => option.textContent)).toEqual(['1', '2', '3']);
    const suitcases = within(dialog).getByLabelText('Suitcases');
    expect(suitcases).toHaveValue('1');
    expect(within(suitcases).getAllByRole('option').map((option) => option.textContent)).toEqual(['0', '1', '2']);
    expect(within(dialog).getByText(TEXTS.rides.paymentsDisabled)).toBeInTheDocument();

    await userEvent.selectOptions(seats, '2');
    await userEvent.click(within(dialog).getByRole('button', { name: TEXTS.rides.bookThisRide }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('only 1 seat left');
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ rideId, seats: 2, suitcases: 1, paymentIntentId: 'NO_STRIPE' });
  });

  it("shows the driver's rating and preferences", async () => {
    fakeServer({
      [`GET /api/rides/${rideId}`]: () => ({
        body: rideWith({ driver: { ...driver, reviewCount: 2, averageRating: 4.5, preferences: { ...DEFAULT_PREFERENCES, okayWithAnimals: true, okayWithSmoking: false } } }),
      }),
    });
    renderWithApp(<RideDetailModal rideId={rideId} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Ithaca → Boston' });
    expect(within(dialog).getByRole('img', { name: 'Rated 4.5 out of 5 from 2 reviews' })).toBeInTheDocument();
    const preferences = within(dialog).getByRole('list', { name: 'Ride preferences' });
    expect(preferences).toHaveTextContent('Okay with Animals');
    expect(preferences).toHaveTextContent('NOT okay with Smoking');
  });

  it('lets the driver accept a pending booking after the confirmation', async () => {
    const passengers = [
      { id: bookingId, status: 'pending' as const, seats: 2, suitcases: 1, user: { id: otherId, name: 'Pat Passenger', avatar: null, avatarColor: null } },
    ];
    const ownRide = rideWith({ driver: { ...driver, id: testUser.id, name: testUser.name }, passengers, canDelete: true });
    const fetchMock = fakeServer({
      [`GET /api/rides/${rideId}`]: () => ({ body: ownRide }),
      [`PUT /api/bookings/${bookingId}/status`]: () => ({ status: 500, body: { error: 'x', message: 'x', code: 'INTERNAL' } }),
    });
    renderWithApp(<RideDetailModal rideId={rideId} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Ithaca → Boston' });
    expect(within(dialog).getByText('Driver')).toBeInTheDocument();
    expect(within(dialog).getByText('(You)')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: TEXTS.rides.bookThisRide })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Cancel ride' })).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    const question = screen.getByRole('alertdialog', { name: TEXTS.confirmAcceptBooking });
    expect(question).toHaveAccessibleDescription(TEXTS.confirmIrreversible);
    await userEvent.click(within(question).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ status: 'confirmed' });
  });

  it('lets the driver edit the ride in the prefilled post form and sends only what changed', async () => {
    const zone = vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ timeZone: 'UTC' } as Intl.ResolvedDateTimeFormatOptions);
    const ownRide = rideWith({ driver: { ...driver, id: testUser.id, name: testUser.name }, canDelete: true });
    const fetchMock = fakeServer({
      [`GET /api/rides/${rideId}`]: () => ({ body: ownRide }),
      [`PATCH /api/rides/${rideId}`]: () => ({ body: { ...ownRide, time: '16:00', departsAt: '2099-03-12T16:00:00.000Z', editedAt: '2099-01-01T00:00:00.000Z' } }),
    });
    renderWithApp(<RideDetailModal rideId={rideId} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Ithaca → Boston' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Edit ride' }));
    const form = await within(dialog).findByRole('form', { name: 'Edit ride' });
    // The form opens where the driver is looking: before the participants and the chat, not under them.
    const participants = within(dialog).getByRole('heading', { name: 'Ride Participants' });
    expect(form.compareDocumentPosition(participants) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(form).getByLabelText('From')).toBeDisabled();
    expect(within(form).getByLabelText('To')).toBeDisabled();
    expect(within(form).getByLabelText('Date')).toHaveValue('2099-03-12');
    expect(within(form).queryByLabelText('Add a return trip')).toBeNull();
    const time = within(form).getByLabelText('Time');
    expect(time).toHaveValue('14:30');
    await userEvent.clear(time);
    await userEvent.type(time, '16:00');
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(true));
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ date: '2099-03-12', time: '16:00' });
    zone.mockRestore();
  });

  it('tells the driver about the weekly series and cancels this and the following rides from its local day', async () => {
    const seriesId = '5e9d3c2b-1a0f-4e8d-9c7b-6a5f4e3d2c1b';
    // 01:30 UTC on 2099-03-13 is still 2099-03-12 in New York, the series' zone.
    const occurrence = rideWith({
      driver: { ...driver, id: testUser.id, name: testUser.name },
      canDelete: true,
      seriesId,
      date: '2099-03-13',
      time: '01:30',
      departsAt: '2099-03-13T01:30:00.000Z',
    });
    const onClose = vi.fn();
    const fetchMock = fakeServer({
      [`GET /api/rides/${rideId}`]: () => ({ body: occurrence }),
      [`DELETE /api/ride-series/${seriesId}`]: () => ({ body: { seriesId, from: '2099-03-12', cancelledRideIds: [rideId, otherId] } }),
    });
    renderWithApp(<RideDetailModal rideId={rideId} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Ithaca → Boston' });
    expect(within(dialog).getByText(/This ride is part of a weekly series/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel this ride' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel this and following' }));
    const question = screen.getByRole('alertdialog', { name: 'Cancel this ride and every following ride of the series?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Keep rides' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel this and following' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel this and following' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(String(call?.[0])).toContain(`/api/ride-series/${seriesId}?from=2099-03-12`);
    expect(await screen.findByText('2 weekly rides cancelled. The passengers have been notified.')).toBeInTheDocument();
  });

  it('says nothing of a series on a single ride or to a passenger', async () => {
    fakeServer({ [`GET /api/rides/${rideId}`]: () => ({ body: rideWith({ seriesId: '5e9d3c2b-1a0f-4e8d-9c7b-6a5f4e3d2c1b' }) }) });
    renderWithApp(<RideDetailModal rideId={rideId} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Ithaca → Boston' });
    expect(within(dialog).queryByText(/weekly series/)).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Cancel this and following' })).toBeNull();
  });

  it('shows the participants to a booked passenger and not to anyone else', async () => {
    fakeServer({ [`GET /api/rides/${rideId}`]: () => ({ body: rideWith() }) });
    const { unmount } = renderWithApp(<RideDetailModal rideId={rideId} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Ithaca → Boston' });
    expect(within(dialog).getByRole('button', { name: TEXTS.rides.bookThisRide })).toBeInTheDocument();
    expect(within(dialog).queryByRole('heading', { name: 'Ride Participants' })).toBeNull();
    unmount();

    const passengers = [
      { id: bookingId, status: 'pending' as const, seats: 1, suitcases: 1, user: { id: testUser.id, name: testUser.name, avatar: null, avatarColor: null } },
    ];
    const booked = rideWith({ passengers, myBooking: { id: bookingId, status: 'pending', seats: 1, suitcases: 1 } });
    fakeServer({ [`GET /api/rides/${rideId}`]: () => ({ body: booked }) });
    renderWithApp(<RideDetailModal rideId={rideId} onClose={vi.fn()} />);
    const again = await screen.findByRole('dialog', { name: 'Ithaca → Boston' });
    expect(within(again).getByRole('heading', { name: 'Ride Participants' })).toBeInTheDocument();
    expect(within(again).getByText('(You)')).toBeInTheDocument();
    expect(within(again).queryByRole('button', { name: TEXTS.rides.bookThisRide })).toBeNull();
  });

  it('keeps the participants and the chat, read-only, for a passenger whose ride is over', async () => {
    const passengers = [
      { id: bookingId, status: 'completed' as const, seats: 1, suitcases: 1, user: { id: testUser.id, name: testUser.name, avatar: null, avatarColor: null } },
    ];
    const over = rideWith({ status: 'completed', passengers, myBooking: { id: bookingId, status: 'completed', seats: 1, suitcases: 1 } });
    fakeServer({ [`GET /api/rides/${rideId}`]: () => ({ body: over }) });
    const chatSlot = vi.fn((id: string, options?: { readOnlyReason?: string | null }) => <p>Chat of {id}: {options?.readOnlyReason}</p>);
    renderWithApp(<RideDetailModal rideId={rideId} onClose={vi.fn()} chatSlot={chatSlot} />);
    const dialog = await screen.findByRole('dialog', { name: 'Ithaca → Boston' });
    expect(within(dialog).getByRole('heading', { name: 'Ride Participants' })).toBeInTheDocument();
    expect(within(dialog).getByText(`Chat of ${rideId}: ${TEXTS.rideChatReadOnly}`)).toBeInTheDocument();
    expect(within(dialog).getByText(/Your booking/).parentElement).toHaveTextContent('Completed');
  });

  it('says when nobody has booked yet', async () => {
    fakeServer({ [`GET /api/rides/${rideId}`]: () => ({ body: rideWith({ driver: { ...driver, id: testUser.id }, passengers: [] }) }) });
    renderWithApp(<RideDetailModal rideId={rideId} onClose={vi.fn()} />);
    expect(await screen.findByText(TEXTS.empty.passengersOnRide)).toBeInTheDocument();
  });
  it('turns Confirmed in the open dialog when the acceptance notification arrives', async () => {
    const sockets = fakeSocketFactory();
    setSocketFactory(sockets.factory);
    const passengers = [
      { id: bookingId, status: 'pending' as const, seats: 1, suitcases: 1, user: { id: testUser.id, name: testUser.name, avatar: null, avatarColor: null } },
    ];
    let status: 'pending' | 'confirmed' = 'pending';
    fakeServer({
      [`GET /api/rides/${rideId}`]: () => ({
        body: rideWith({ passengers: passengers.map((each) => ({ ...each, status })), myBooking: { id: bookingId, status, seats: 1, suitcases: 1 } }),
      }),
    });
    renderWithApp(
      <>
        <LiveRideUpdates />
        <RideDetailModal rideId={rideId} onClose={vi.fn()} />
      </>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Ithaca → Boston' });
    expect(within(dialog).getByText(/Your booking/).parentElement).toHaveTextContent('Pending');
    status = 'confirmed';
    act(() => {
      sockets.latest()!.serverEmit('notification', {
        id: '0f5a3a2e-8c1d-4c61-9a4b-000000000001',
        kind: 'booking_confirmed',
        title: 'Booking confirmed',
        body: 'Grace Hopper accepted your booking',
        rideId,
        bookingId,
        otherUserId: otherId,
        createdAt: '2026-03-12T15:05:00.000Z',
        read: false,
      });
    });
    await vi.waitFor(() => expect(within(dialog).getByText(/Your booking/).parentElement).toHaveTextContent('Confirmed'));
    setSocketFactory(null);
  });

  it('shows the booking and the chat from the answer without reading the ride again, and ends the chat when the booking is cancelled with the ride', async () => {
    const sockets = fakeSocketFactory();
    setSocketFactory(sockets.factory);
    const mine = { id: bookingId, seats: 1, suitcases: 1, user: { id: testUser.id, name: testUser.name, avatar: null, avatarColor: null } };
    let state: 'open' | 'booked' | 'cancelled' = 'open';
    const fetchMock = fakeServer({
      [`GET /api/rides/${rideId}`]: () => ({
        body:
          state === 'open'
            ? rideWith()
            : rideWith({
                status: state === 'booked' ? 'active' : 'cancelled',
                passengers: state === 'booked' ? [{ ...mine, status: 'pending' }] : [],
                myBooking: { id: bookingId, status: state === 'booked' ? 'pending' : 'cancelled', seats: 1, suitcases: 1 },
              }),
      }),
      'POST /api/bookings/bookRide': () => ({
        status: 201,
        body: {
          ...mine,
          rideId,
          userId: testUser.id,
          status: 'pending',
          from: 'ithaca',
          to: 'boston',
          createdAt: '2026-03-10T15:00:00.000Z',
          updatedAt: '2026-03-10T15:00:00.000Z',
          ride: rideWith({ seatsAvailable: 2, passengers: [{ ...mine, status: 'pending' }], myBooking: { id: bookingId, status: 'pending', seats: 1, suitcases: 1 } }),
        },
      }),
    });
    const rideReads = () =>
      fetchMock.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === 'GET' && new URL(String(url), 'http://localhost').pathname === `/api/rides/${rideId}`).length;
    const notify = (kind: string, id: string) =>
      act(() => {
        sockets.latest()!.serverEmit('notification', {
          id,
          kind,
          title: 'Ride news',
          body: 'Something changed',
          rideId,
          bookingId,
          otherUserId: otherId,
          createdAt: '2026-03-12T15:05:00.000Z',
          read: false,
        });
      });
    renderWithApp(
      <>
        <LiveRideUpdates />
        <RideDetailModal rideId={rideId} onClose={vi.fn()} chatSlot={(id) => <p>Chat of {id}</p>} />
      </>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Ithaca → Boston' });
    expect(within(dialog).queryByText(`Chat of ${rideId}`)).toBeNull();
    const readsBefore = rideReads();

    // Booked: the answer carries the ride as the passenger now sees it, so the dialog shows the
    // booking and the chat without reading the ride again.
    await userEvent.click(within(dialog).getByRole('button', { name: TEXTS.rides.bookThisRide }));
    expect(await within(dialog).findByText(`Chat of ${rideId}`)).toBeInTheDocument();
    expect(within(dialog).getByText(/Your booking/).parentElement).toHaveTextContent('Pending');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(rideReads()).toBe(readsBefore);

    state = 'booked';
    notify('booking_confirmed', '0f5a3a2e-8c1d-4c61-9a4b-000000000001');
    await vi.waitFor(() => expect(within(dialog).getByText(/Your booking/).parentElement).toHaveTextContent('Pending'));
    expect(within(dialog).getByText(`Chat of ${rideId}`)).toBeInTheDocument();

    // The driver cancels the ride: the booking ends, and so does the chat, though this dialog booked it.
    state = 'cancelled';
    notify('ride_cancelled', '0f5a3a2e-8c1d-4c61-9a4b-000000000002');
    await vi.waitFor(() => expect(within(dialog).queryByText(`Chat of ${rideId}`)).toBeNull());
    setSocketFactory(null);
  });
});

describe('RideDetailModal: a part of a ride with stops', () => {
  beforeEach(() => {
    localStorage.clear();
    signInLocally();
    vi.stubEnv('TZ', 'America/New_York');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('keeps the part the card showed on the fresh ride, shows the whole route and the price rule, and books that part', async () => {
    const whole = rideWithStopsFixture({ id: rideId, driver });
    const fetchMock = fakeServer({
      [`GET /api/rides/${rideId}`]: () => ({ body: { ...whole, notes: ['Read again'] } }),
      'POST /api/bookings/bookRide': () => ({ status: 409, body: { error: 'only 1 seat left', message: 'only 1 seat left', code: 'RIDE_FULL' } }),
    });
    renderWithApp(<RideDetailModal rideId={rideId} initialRide={{ ...whole, segment: BINGHAMTON_TO_NYC }} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Binghamton → New York City' });
    // The fresh copy came whole; the dialog still looks at the part, worked out from its legs.
    expect(await within(dialog).findByText('Read again')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('part of Ithaca → New York City');
    expect(dialog).toHaveTextContent('$30per seat');
    expect(within(dialog).getByText('$30 of $38: 78 % of the distance')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('11:30 AM');
    expect(dialog).toHaveTextContent('Arrives 2:30 PM');
    expect(dialog).toHaveTextContent('2 of 4');

    const route = within(dialog).getByRole('region', { name: 'Route' });
    expect(within(route).getAllByTestId('ride-route-point').map((point) => point.textContent)).toEqual([
      'Ithaca10:30 AM',
      'Binghamton11:30 AMBoard here',
      'Scranton12:45 PM',
      'New York Cityabout 2:30 PMGet off here',
    ]);

    // The room of the part's legs: 2 seats, 1 suitcase; its price per seat; its ends sent.
    const seats = within(dialog).getByLabelText('Seats');
    expect(within(seats).getAllByRole('option').map((option) => option.textContent)).toEqual(['1', '2']);
    expect(within(within(dialog).getByLabelText('Suitcases')).getAllByRole('option').map((option) => option.textContent)).toEqual(['0', '1']);
    await userEvent.selectOptions(seats, '2');
    expect(within(dialog).getByRole('form', { name: TEXTS.rides.bookThisRide })).toHaveTextContent('Total$60');
    await userEvent.click(within(dialog).getByRole('button', { name: TEXTS.rides.bookThisRide }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('only 1 seat left');
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ rideId, seats: 2, suitcases: 1, paymentIntentId: 'NO_STRIPE', from: 'binghamton', to: 'new_york_city' });
  });

  it('offers the waiting list when the part is full though the ride has room elsewhere, and sends the part', async () => {
    const whole = rideWithStopsFixture({ id: rideId, driver, seatsAvailable: 0, legs: [
      { from: 'ithaca', to: 'binghamton', miles: 50, seatsAvailable: 2, suitcasesAvailable: 2 },
      { from: 'binghamton', to: 'scranton', miles: 60, seatsAvailable: 0, suitcasesAvailable: 2 },
      { from: 'scranton', to: 'new_york_city', miles: 120, seatsAvailable: 1, suitcasesAvailable: 1 },
    ] });
    const sent: unknown[] = [];
    fakeServer({
      [`GET /api/rides/${rideId}`]: () => ({ body: whole }),
      [`POST /api/rides/${rideId}/waitlist`]: (init) => {
        sent.push(JSON.parse(String(init?.body)));
        return { status: 201, body: { rideId, position: 1, seats: 1, suitcases: 0, createdAt: '2026-03-01T10:00:00.000Z', from: 'binghamton', to: 'new_york_city' } };
      },
    });
    renderWithApp(<RideDetailModal rideId={rideId} initialRide={{ ...whole, segment: { ...BINGHAMTON_TO_NYC, seatsAvailable: 0 } }} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Binghamton → New York City' });
    expect(within(dialog).getByText('This ride is full between Binghamton and New York City.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: TEXTS.rides.bookThisRide })).toBeNull();
    await userEvent.click(within(within(dialog).getByRole('form', { name: 'Join waiting list' })).getByRole('button', { name: 'Join waiting list' }));
    expect(await screen.findByText('You are #1 on the waiting list.')).toBeInTheDocument();
    expect(sent).toEqual([{ seats: 1, suitcases: 0, from: 'binghamton', to: 'new_york_city' }]);
  });

  it("shows a passenger their booked part, and the driver each passenger's part", async () => {
    const mine = { id: bookingId, status: 'confirmed' as const, seats: 1, suitcases: 0, from: 'binghamton', to: 'new_york_city' };
    const booked = rideWithStopsFixture({ id: rideId, driver, myBooking: mine, passengers: [{ ...mine, user: { id: testUser.id, name: testUser.name, avatar: null, avatarColor: null } }] });
    fakeServer({ [`GET /api/rides/${rideId}`]: () => ({ body: booked }) });
    const { unmount } = renderWithApp(<RideDetailModal rideId={rideId} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Binghamton → New York City' });
    expect(within(dialog).getByText(/Your booking/)).toHaveTextContent('Your booking: Binghamton → New York City, 1 seat, 0 suitcases');
    unmount();

    const own = rideWithStopsFixture({
      id: rideId,
      driver: { ...driver, id: testUser.id, name: testUser.name },
      passengers: [{ ...mine, user: { id: otherId, name: 'Pat Passenger', avatar: null, avatarColor: null } }],
    });
    fakeServer({ [`GET /api/rides/${rideId}`]: () => ({ body: own }) });
    renderWithApp(<RideDetailModal rideId={rideId} onClose={vi.fn()} />);
    const driverView = await screen.findByRole('dialog', { name: 'Ithaca → New York City' });
    expect(within(driverView).getByTestId('ride-passenger')).toHaveTextContent('1 seat · 0 suitcases · Binghamton → New York City');
    expect(within(driverView).getAllByTestId('ride-route-point')).toHaveLength(4);
  });
});
