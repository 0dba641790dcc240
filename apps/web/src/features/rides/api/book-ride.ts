import { PAYMENT_PLACEHOLDER_INTENT } from '@carpool/shared/constants';
import type { Booking } from '@carpool/shared/schemas/bookings';
import type { Ride } from '@carpool/shared/schemas/rides';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { applyRideSeats } from '../hooks/use-live-seat-counts';
import { rideKeys } from './ride-query-keys';

interface BookRideVariables {
  rideId: string;
  seats: number;
  suitcases: number;
  /** Where the passenger boards and leaves, for a part of the route; the whole ride when absent. */
  from?: string;
  to?: string;
}

/** POST /api/bookings/bookRide; payments are disabled, so the intent is the fixed placeholder. */
function bookRide({ rideId, seats, suitcases, from, to }: BookRideVariables): Promise<Booking> {
  return api.post(
    '/api/bookings/bookRide',
    { rideId, seats, suitcases, paymentIntentId: PAYMENT_PLACEHOLDER_INTENT, ...(from && to ? { from, to } : {}) },
    { schema: () => import('@carpool/shared/schemas/bookings').then((module) => module.BookingDto) },
  );
}

/**
 * Writes what the booking's answer says into the cache, with no request: the ride as the passenger
 * now sees it (participants, chat, their booking) becomes its own entry; every listed copy gets the
 * new room (each for the segment it shows) and the booking. Only the passenger's list of bookings,
 * which the answer cannot patch in order, is marked stale (read again when shown).
 */
export function applyBooking(queryClient: QueryClient, booking: Booking): void {
  const { ride } = booking;
  queryClient.setQueryData<Ride>(rideKeys.detail(ride.region, ride.id), ride);
  applyRideSeats(queryClient, ride.region, {
    rideId: ride.id,
    seatsAvailable: ride.seatsAvailable,
    suitcasesAvailable: ride.suitcasesAvailable,
    legs: ride.legs.map(({ seatsAvailable, suitcasesAvailable }) => ({ seatsAvailable, suitcasesAvailable })),
    waitingCount: ride.waitingCount,
    status: ride.status,
  });
  const withBooking = (rides: Ride[] | undefined) =>
    rides?.some((listed) => listed.id === ride.id)
      ? rides.map((listed) => (listed.id === ride.id ? { ...listed, myBooking: ride.myBooking, myWaitlistEntry: ride.myWaitlistEntry } : listed))
      : rides;
  queryClient.setQueriesData<Ride[]>({ queryKey: [...rideKeys.all, ride.region, 'search'] }, withBooking);
  queryClient.setQueriesData<Ride[]>({ queryKey: [...rideKeys.all, ride.region, 'user'] }, withBooking);
  void queryClient.invalidateQueries({ queryKey: [...rideKeys.all, ride.region, 'bookings'] });
}

export function useBookRide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookRide,
    onSuccess: (booking) => applyBooking(queryClient, booking),
  });
}
