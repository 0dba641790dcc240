import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Ride } from '@carpool/shared/schemas/rides';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSocketFactory } from '../../../lib/socket';
import { deferred, fakeServer, signInLocally, testUser } from '../../../test/fake-server';
import { fakeSocketFactory } from '../../../test/fake-socket';
import { renderWithApp } from '../../../test/render-with-app';
import { rideFixture } from '../test/ride-fixture';
import { rideCardAction } from '../utils/ride-labels';
import { LiveRideUpdates } from './live-ride-updates';
import { RideDetailModal } from './ride-detail-modal';
import { WaitlistForm } from './waitlist-panel';

const ride = rideFixture();
const rideId = ride.id;
const bookingId = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const full = rideFixture({ seatsAvailable: 0, suitcasesAvailable: 0, waitingCount: 2 });

describe('waiting list in the ride dialog', () => {
  beforeEach(() => {
    localStorage.clear();
    signInLocally();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    setSocketFactory(null);
  });

  it('offers "Join waiting list" instead of booking on a full ride and sends what the passenger asks', async () => {
    let current = full;
    const fetchMock = fakeServer({
      [`GET /api/rides/${rideId}`]: () => ({ body: current }),
      [`POST /api/rides/${rideId}/waitlist`]: () => {
        current = { ...full, waitingCount: 3, myWaitlistEntry: { position: 3, seats: 2, suitcases: 1, createdAt: '2026-03-01T10:00:00.000Z', from: 'ithaca', to: 'boston' } };
        return { status: 201, body: { rideId, position: 3, seats: 2, suitcases: 1, createdAt: '2026-03-01T10:00:00.000Z', from: 'ithaca', to: 'boston' } };
      },
    });
    renderWithApp(<RideDetailModal rideId={rideId} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Ithaca → Boston' });
    expect(within(dialog).getByText(/This ride is full\. 2 passengers waiting\./)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Book this Ride' })).toBeNull();
    const form = within(dialog).getByRole('form', { name: 'Join waiting list' });
    // Up to the ride's totals, not what is left.
    expect(within(within(form).getByLabelText('Seats')).getAllByRole('option').map((o) => o.textContent)).toEqual(['1', '2', '3', '4']);
    expect(within(within(form).getByLabelText('Suitcases')).getAllByRole('option').map((o) => o.textContent)).toEqual(['0', '1', '2', '3']);
    await userEvent.selectOptions(within(form).getByLabelText('Seats'), '2');
    await userEvent.selectOptions(within(form).getByLabelText('Suitcases'), '1');
    await userEvent.click(within(form).getByRole('button', { name: 'Join waiting list' }));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ seats: 2, suitcases: 1 });
    expect(await within(dialog).findByText('You are #3 on the waiting list')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Leave waiting list' })).toBeInTheDocument();
  });

  it('keeps Reserve on a ride with room, and opens the waiting list only for a larger request', async () => {
    fakeServer({ [`GET /api/rides/${rideId}`]: () => ({ body: rideFixture({ seatsAvailable: 1 }) }) });
    renderWithApp(<RideDetailModal rideId={rideId} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Ithaca → Boston' });
    expect(within(dialog).getByRole('button', { name: 'Book this Ride' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('form', { name: 'Join waiting list' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: /Need more seats or suitcases/ }));
    const form = within(dialog).getByRole('form', { name: 'Join waiting list' });
    // Starts at one seat more than is left; a request that fits is refused before it is sent.
    expect(within(form).getByLabelText('Seats')).toHaveValue('2');
    await userEvent.selectOptions(within(form).getByLabelText('Seats'), '1');
    expect(within(form).getByText(/reserve it instead/)).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Join waiting list' })).toBeDisabled();
  });

  it('shows a waiting passenger their place and lets them leave', async () => {
    let current = rideFixture({ seatsAvailable: 0, waitingCount: 1, myWaitlistEntry: { position: 1, seats: 1, suitcases: 0, createdAt: '2026-03-01T10:00:00.000Z' } });
    const fetchMock = fakeServer({
      [`GET /api/rides/${rideId}`]: () => ({ body: current }),
      [`DELETE /api/rides/${rideId}/waitlist`]: () => {
        current = { ...current, waitingCount: 0, myWaitlistEntry: null };
        return { status: 204, body: null };
      },
    });
    renderWithApp(<RideDetailModal rideId={rideId} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Ithaca → Boston' });
    expect(within(dialog).getByText('You are #1 on the waiting list')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave waiting list' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);
    expect(await within(dialog).findByRole('form', { name: 'Join waiting list' })).toBeInTheDocument();
  });

  it('lists the waiting passengers in order for the driver', async () => {
    const own = rideFixture({ seatsAvailable: 0, canDelete: true, waitingCount: 2, driver: { ...ride.driver!, id: testUser.id, name: testUser.name } });
    fakeServer({
      [`GET /api/rides/${rideId}`]: () => ({ body: own }),
      [`GET /api/rides/${rideId}/waitlist`]: () => ({
        body: [
          { position: 1, seats: 2, suitcases: 1, createdAt: '2026-03-01T10:00:00.000Z', from: 'ithaca', to: 'boston', user: { id: bookingId, name: 'Blake Waiting', avatar: null, avatarColor: null } },
          { position: 2, seats: 1, suitcases: 0, createdAt: '2026-03-01T10:01:00.000Z', from: 'ithaca', to: 'boston', user: { id: rideId, name: 'Casey Later', avatar: null, avatarColor: null } },
        ],
      }),
    });
    renderWithApp(<RideDetailModal rideId={rideId} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Ithaca → Boston' });
    const section = await within(dialog).findByRole('region', { name: 'Waiting list' });
    const rows = within(section).getAllByTestId('ride-waiting-passenger');
    expect(rows.map((row) => [row.textContent?.slice(0, 2), within(row).getByText(/Waiting|Later/).textContent, within(row).getByText(/seat/).textContent])).toEqual([
      ['#1', 'Blake Waiting', '2 seats · 1 suitcase'],
      ['#2', 'Casey Later', '1 seat · 0 suitcases'],
    ]);
    expect(within(dialog).queryByRole('form', { name: 'Join waiting list' })).toBeNull();
  });

  it('shows the promoted passenger their pending booking when the promotion notification arrives', async () => {
    const sockets = fakeSocketFactory();
    setSocketFactory(sockets.factory);
    let current = rideFixture({ seatsAvailable: 0, waitingCount: 1, myWaitlistEntry: { position: 1, seats: 1, suitcases: 0, createdAt: '2026-03-01T10:00:00.000Z' } });
    fakeServer({ [`GET /api/rides/${rideId}`]: () => ({ body: current }) });
    renderWithApp(
      <>
        <LiveRideUpdates />
        <RideDetailModal rideId={rideId} onClose={vi.fn()} />
      </>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Ithaca → Boston' });
    expect(within(dialog).getByText('You are #1 on the waiting list')).toBeInTheDocument();
    current = {
      ...current,
      waitingCount: 0,
      myWaitlistEntry: null,
      myBooking: { id: bookingId, status: 'pending', seats: 1, suitcases: 0, from: 'ithaca', to: 'boston' },
      passengers: [{ id: bookingId, status: 'pending', seats: 1, suitcases: 0, from: 'ithaca', to: 'boston', user: { id: testUser.id, name: testUser.name, avatar: null, avatarColor: null } }],
    };
    act(() => {
      sockets.latest()!.serverEmit('notification', {
        id: '0f5a3a2e-8c1d-4c61-9a4b-000000000002',
        kind: 'waitlist_promoted',
        title: 'A seat came free',
        body: 'Room came free',
        rideId,
        bookingId,
        otherUserId: ride.driver!.id,
        createdAt: '2026-03-12T15:05:00.000Z',
        read: false,
      });
    });
    await vi.waitFor(() => expect(within(dialog).getByText(/Your booking/).parentElement).toHaveTextContent('Pending'));
    expect(within(dialog).queryByText('You are #1 on the waiting list')).toBeNull();
  });
});

describe('rideCardAction and the waiting list', () => {
  it('says Join waiting list on a full ride and the place of a waiting passenger', () => {
    expect(rideCardAction(full, testUser.id).label).toBe('Join waiting list');
    expect(rideCardAction({ ...full, myWaitlistEntry: { position: 2, seats: 1, suitcases: 0, createdAt: '', from: 'ithaca', to: 'boston' } }, testUser.id).label).toBe('Waiting #2');
    expect(rideCardAction(ride, testUser.id).label).toBe('Reserve');
    expect(rideCardAction(full, null).label).toBe('Reserve');
  });
});

/** The form on a full ride whose driver, live, lowers the ride's total seats. */
function LiveWaitlistForm({ ride }: { ride: Ride }) {
  const [current, setCurrent] = useState(ride);
  return (
    <>
      <button type="button" onClick={() => setCurrent({ ...ride, totalSeats: ride.totalSeats - 1 })}>
        The driver takes a seat away
      </button>
      <WaitlistForm ride={current} />
    </>
  );
}

describe('WaitlistForm checks the server rules first', () => {
  beforeEach(() => {
    localStorage.clear();
    signInLocally();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('refuses more seats than the ride takes in all once its totals shrink, then sends the API body and shows Joining...', async () => {
    const sent: unknown[] = [];
    const answer = deferred<{ status: number; body: unknown }>();
    fakeServer({
      [`POST /api/rides/${rideId}/waitlist`]: (init) => {
        sent.push(JSON.parse(String(init?.body)));
        return answer.promise;
      },
    });
    renderWithApp(<LiveWaitlistForm ride={full} />);
    const user = userEvent.setup();
    const form = screen.getByRole('form', { name: 'Join waiting list' });
    // A full ride: the request starts at one seat, no suitcase.
    expect(within(form).getByLabelText('Seats')).toHaveValue('1');
    await user.selectOptions(within(form).getByLabelText('Seats'), '4');

    await user.click(screen.getByRole('button', { name: 'The driver takes a seat away' }));
    await user.click(within(form).getByRole('button', { name: 'Join waiting list' }));
    expect(await within(form).findByText('This ride takes 3 seats in all.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Seats')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('Seats')).toHaveAccessibleDescription('This ride takes 3 seats in all.');
    expect(sent).toHaveLength(0);

    await user.selectOptions(within(form).getByLabelText('Seats'), '3');
    await user.selectOptions(within(form).getByLabelText('Suitcases'), '2');
    await user.click(within(form).getByRole('button', { name: 'Join waiting list' }));
    expect(await within(form).findByRole('button', { name: 'Joining...' })).toBeDisabled();
    expect(sent).toEqual([{ seats: 3, suitcases: 2 }]);
    answer.resolve({ status: 201, body: { rideId, position: 3, seats: 3, suitcases: 2, createdAt: '2026-03-01T10:00:00.000Z', from: 'ithaca', to: 'boston' } });
    expect(await screen.findByText('You are #3 on the waiting list.')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Join waiting list' })).toBeEnabled();
  });

  it('shows the server\'s refusal as the form\'s alert', async () => {
    fakeServer({
      [`POST /api/rides/${rideId}/waitlist`]: () => ({
        status: 409,
        body: { error: 'You are already on the waiting list of this ride.', message: 'You are already on the waiting list of this ride.', code: 'ALREADY_WAITING' },
      }),
    });
    renderWithApp(<WaitlistForm ride={full} />);
    await userEvent.click(screen.getByRole('button', { name: 'Join waiting list' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You are already on the waiting list of this ride.');
  });
});
