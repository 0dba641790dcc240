import type { CreateRide, CreatedRide } from '@carpool/shared/schemas/rides';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { rideKeys } from './ride-query-keys';

/** POST /api/rides with the UTC date and time and the poster's zone (and the return trip, if any). */
function createRide(body: CreateRide): Promise<CreatedRide> {
  return api.post('/api/rides', body, { schema: () => import('@carpool/shared/schemas/rides').then((module) => module.CreatedRideDto) });
}

/**
 * Spec section 7: after posting, the rides, my rides and ride requests are refreshed. Ride
 * requests belong to another feature; their cache starts with 'ride-requests' by the same
 * convention as ours, so invalidating that prefix refreshes them without importing anything.
 */
export function useCreateRide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRide,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: rideKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['ride-requests'] }),
      ]);
    },
  });
}
