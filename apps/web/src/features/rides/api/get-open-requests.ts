import type { RideRequest } from '@carpool/shared/schemas/ride-requests';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useRegion } from '../../../lib/region';
import { rideKeys } from './ride-query-keys';

/** GET /api/rides/:id/open-requests: for the ride's driver, the open requests the ride serves. */
export function getOpenRequestsAlongRide(rideId: string): Promise<RideRequest[]> {
  return api.get(`/api/rides/${rideId}/open-requests`, {
    schema: () => import('@carpool/shared/schemas/ride-requests').then((module) => module.RideRequestListDto),
  });
}

/** The open requests along the driver's ride; under the rides keys, so a change of the ride refreshes them. */
export function useOpenRequestsAlongRide(rideId: string, enabled: boolean) {
  const { region } = useRegion();
  return useQuery({
    queryKey: [...rideKeys.detail(region, rideId), 'open-requests'],
    queryFn: () => getOpenRequestsAlongRide(rideId),
    enabled,
  });
}
