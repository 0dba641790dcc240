import type { Booking } from '@carpool/shared/schemas/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { rideKeys } from './ride-query-keys';

/** DELETE /api/bookings/:id: the passenger cancels their own pending or confirmed booking. */
function cancelBooking(bookingId: string): Promise<Booking> {
  return api.delete(`/api/bookings/${bookingId}`, { schema: () => import('@carpool/shared/schemas/bookings').then((module) => module.BookingDto) });
}

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBooking,
    onSettled: () => queryClient.invalidateQueries({ queryKey: rideKeys.all }),
  });
}
