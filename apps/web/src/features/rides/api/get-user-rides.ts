import type { Ride } from '@carpool/shared/schemas/rides';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useRegion } from '../../../lib/region';
import { rideKeys } from './ride-query-keys';

/** GET /api/rides/user/:userId: for your own id, every ride you posted in this region. */
function getUserRides(userId: string): Promise<Ride[]> {
  return api.get(`/api/rides/user/${userId}`, { schema: () => import('@carpool/shared/schemas/rides').then((module) => module.RideListDto) });
}

export function useUserRides(userId: string | null) {
  const { region } = useRegion();
  return useQuery({
    queryKey: rideKeys.ofUser(region, userId ?? ''),
    queryFn: () => getUserRides(userId!),
    enabled: userId !== null,
  });
}
