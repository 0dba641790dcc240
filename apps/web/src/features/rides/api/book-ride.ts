import { PAYMENT_PLACEHOLDER_INTENT } from '@carpool/shared/constants';
import type { Booking } from '@carpool/shared/schemas/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { rideKeys } from './ride-query-keys';

export interface BookRideVariables {
  rideId: string;
  seats: number;
  suitcases: number;
  /** Where the passenger boards and leaves, for a part of the route; the whole ride when absent. */
  from?: string;
  to?: string;
}

/** POST /api/bookings/bookRide; payments are disabled, so the intent is the fixed placeholder. */
export function bookRide({ rideId, seats, suitcases, from, to }: BookRideVariables): Promise<Booking> {
  return api.post(
    '/api/bookings/bookRide',
    { rideId, seats, suitcases, paymentIntentId: PAYMENT_PLACEHOLDER_INTENT, ...(from && to ? { from, to } : {}) },
    { schema: () => import('@carpool/shared/schemas/bookings').then((module) => module.BookingDto) },
  );
}

export function useBookRide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookRide,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rideKeys.all }),
  });
}
