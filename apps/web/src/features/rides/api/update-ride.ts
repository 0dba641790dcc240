import type { Ride, UpdateRideInput } from '@carpool/shared/schemas/rides';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { rideKeys } from './ride-query-keys';

/** PATCH /api/rides/:id: the driver edits the ride (date and time in UTC). */
function updateRide({ rideId, changes }: { rideId: string; changes: UpdateRideInput }): Promise<Ride> {
  return api.patch(`/api/rides/${rideId}`, changes, { schema: () => import('@carpool/shared/schemas/rides').then((module) => module.RideDto) });
}

export function useUpdateRide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRide,
    onSettled: () => queryClient.invalidateQueries({ queryKey: rideKeys.all }),
  });
}
