import type { Ride } from '@carpool/shared/schemas/rides';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { rideKeys } from './ride-query-keys';

/** DELETE /api/rides/:id: the driver cancels the ride; its bookings are cancelled server-side. */
function cancelRide(rideId: string): Promise<Ride> {
  return api.delete(`/api/rides/${rideId}`, { schema: () => import('@carpool/shared/schemas/rides').then((module) => module.RideDto) });
}

export function useCancelRide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelRide,
    onSettled: () => queryClient.invalidateQueries({ queryKey: rideKeys.all }),
  });
}
