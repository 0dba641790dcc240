import type { Ride } from '@carpool/shared/schemas/rides';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, fakeServer, signInLocally, testUser } from '../../../test/fake-server';
import { renderWithApp } from '../../../test/render-with-app';
import { rideFixture } from '../test/ride-fixture';
import { BookingForm } from './booking-form';

/** The form in an open dialog whose ride learns, live, that fewer seats are left. */
function LiveBookingForm({ ride, onBooked }: { ride: Ride; onBooked: () => void }) {
  const [current, setCurrent] = useState(ride);
  return (
    <>
      <button type="button" onClick={() => setCurrent({ ...ride, seatsAvailable: ride.seatsAvailable - 1, segment: { ...ride.segment, seatsAvailable: ride.segment.seatsAvailable - 1 } })}>
        Someone else books a seat
      </button>
      <BookingForm ride={current} onBooked={onBooked} />
    </>
  );
}

beforeEach(() => {
  localStorage.clear();
  signInLocally();
});
afterEach(() => vi.unstubAllGlobals());

describe('BookingForm checks the server rules first', () => {
  it('refuses more seats than the ride has left once its room shrinks, then sends the API body and shows Booking...', async () => {
    const sent: unknown[] = [];
    const answer = deferred<{ status: number; body: unknown }>();
    fakeServer({
      'POST /api/bookings/bookRide': (init) => {
        sent.push(JSON.parse(String(init?.body)));
        return answer.promise;
      },
    });
    const ride = rideFixture({ seatsAvailable: 3, suitcasesAvailable: 2 });
    const onBooked = vi.fn();
    renderWithApp(<LiveBookingForm ride={ride} onBooked={onBooked} />);
    const user = userEvent.setup();
    const seats = screen.getByLabelText('Seats');
    // The choices are the server's range: 1..seats left, 0..suitcases left; suitcases start at 1.
    expect([...seats.querySelectorAll('option')].map((option) => option.value)).toEqual(['1', '2', '3']);
    expect(screen.getByLabelText('Suitcases')).toHaveValue('1');
    await user.selectOptions(seats, '3');

    await user.click(screen.getByRole('button', { name: 'Someone else books a seat' }));
    // The choice stays what the passenger chose, marked unavailable, and the field says why at once.
    expect(screen.getByLabelText('Seats')).toHaveValue('3');
    expect(screen.getByRole('option', { name: '3' })).toBeDisabled();
    expect(await screen.findByText('Only 2 seats left.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Book this Ride' }));
    expect(screen.getByText('Only 2 seats left.')).toBeInTheDocument();
    expect(screen.getByLabelText('Seats')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Seats')).toHaveAccessibleDescription('Only 2 seats left.');
    expect(sent).toHaveLength(0);

    await user.selectOptions(screen.getByLabelText('Seats'), '2');
    await user.click(screen.getByRole('button', { name: 'Book this Ride' }));
    expect(await screen.findByRole('button', { name: 'Booking...' })).toBeDisabled();
    expect(sent).toEqual([{ rideId: ride.id, seats: 2, suitcases: 1, paymentIntentId: 'NO_STRIPE' }]);
    answer.resolve({
      status: 201,
      body: {
        id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
        rideId: ride.id,
        userId: testUser.id,
        user: { id: testUser.id, name: testUser.name, avatar: null, avatarColor: null },
        seats: 2,
        suitcases: 1,
        status: 'pending',
        from: ride.from,
        to: ride.to,
        createdAt: '2026-03-10T15:00:00.000Z',
        updatedAt: '2026-03-10T15:00:00.000Z',
        ride,
      },
    });
    await vi.waitFor(() => expect(onBooked).toHaveBeenCalled());
  });
});
