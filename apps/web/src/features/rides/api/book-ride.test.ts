import type { Booking } from '@carpool/shared/schemas/bookings';
import type { Ride } from '@carpool/shared/schemas/rides';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { BINGHAMTON_TO_NYC, rideWithStopsFixture } from '../test/ride-fixture';
import { applyBooking } from './book-ride';
import { rideKeys } from './ride-query-keys';

const bookingId = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const passenger = { id: '7b1e1d0f-3a5c-4b64-8e8f-3c2a9a7e0d12', name: 'Ada', avatar: null, avatarColor: null };

describe('applyBooking', () => {
  it("writes the answer's ride into its entry and each listed copy (room for the part it shows, the booking), and asks for nothing but the bookings list", async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
    // The search listed the Binghamton -> New York City part: the smallest room over legs 2 and 3.
    const listed = rideWithStopsFixture({ segment: { ...BINGHAMTON_TO_NYC, seatsAvailable: 2, suitcasesAvailable: 1 } });
    const searchKey = rideKeys.search('cornell', { from: 'binghamton', to: 'new_york_city' });
    queryClient.setQueryData<Ride[]>(searchKey, [listed]);
    const bookingsKey = rideKeys.bookingsOfUser('cornell', passenger.id);
    const readBookings = vi.fn(() => Promise.resolve([]));
    await queryClient.fetchQuery({ queryKey: bookingsKey, queryFn: readBookings });

    // Booked Scranton -> New York City: leg 3 has one seat fewer.
    const answerRide = rideWithStopsFixture({
      legs: [
        { from: 'ithaca', to: 'binghamton', miles: 50, seatsAvailable: 1, suitcasesAvailable: 2 },
        { from: 'binghamton', to: 'scranton', miles: 60, seatsAvailable: 3, suitcasesAvailable: 2 },
        { from: 'scranton', to: 'new_york_city', miles: 120, seatsAvailable: 1, suitcasesAvailable: 1 },
      ],
      myBooking: { id: bookingId, status: 'pending', seats: 1, suitcases: 0, from: 'scranton', to: 'new_york_city' },
    });
    const booking = {
      id: bookingId,
      rideId: answerRide.id,
      userId: passenger.id,
      user: passenger,
      seats: 1,
      suitcases: 0,
      status: 'pending',
      from: 'scranton',
      to: 'new_york_city',
      ride: answerRide,
    } as unknown as Booking;
    applyBooking(queryClient, booking);

    expect(queryClient.getQueryData(rideKeys.detail('cornell', answerRide.id))).toEqual(answerRide);
    const [copy] = queryClient.getQueryData<Ride[]>(searchKey)!;
    expect(copy!.myBooking).toMatchObject({ id: bookingId, status: 'pending' });
    expect(copy!.legs.map((leg) => leg.seatsAvailable)).toEqual([1, 3, 1]);
    // The copy still shows the part it was searched for, with that part's room now.
    expect(copy!.segment).toMatchObject({ from: 'binghamton', to: 'new_york_city', seatsAvailable: 1 });
    expect(queryClient.getQueryState(searchKey)!.isInvalidated).toBe(false);
    // Stale, and read again when My Rides shows it (nothing watches it here, so nothing is asked now).
    expect(queryClient.getQueryState(bookingsKey)!.isInvalidated).toBe(true);
    expect(readBookings).toHaveBeenCalledTimes(1);
  });
});
