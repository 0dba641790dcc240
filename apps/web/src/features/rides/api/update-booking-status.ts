import type { Booking, UpdateBookingStatusInput } from '@carpool/shared/schemas/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { rideKeys } from './ride-query-keys';

/** PUT /api/bookings/:bookingId/status: the driver accepts (confirmed) or rejects (cancelled). */
function updateBookingStatus({ bookingId, status }: { bookingId: string } & UpdateBookingStatusInput): Promise<Booking> {
  return api.put(`/api/bookings/${bookingId}/status`, { status }, { schema: () => import('@carpool/shared/schemas/bookings').then((module) => module.BookingDto) });
}

export function useUpdateBookingStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBookingStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: rideKeys.all }),
  });
}
