import type { Region } from '@carpool/shared/regions';
import type { RideRequest } from '@carpool/shared/schemas/ride-requests';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useRegion } from '../../../lib/region';
import { useSession } from '../../../lib/session';
import { rideRequestKeys } from './query-keys';

/** GET /api/ride-requests/user/me: the caller's open, upcoming requests in the region. */
function getMyRideRequests(region: Region): Promise<RideRequest[]> {
  return api.get('/api/ride-requests/user/me', { region, schema: () => import('@carpool/shared/schemas/ride-requests').then((module) => module.RideRequestListDto) });
}

function myRideRequestsQueryOptions(region: Region, userId: string | null) {
  return queryOptions({
    queryKey: rideRequestKeys.mine(region, userId),
    queryFn: () => getMyRideRequests(region),
    meta: { failureLog: 'Failed to fetch your ride requests' },
    enabled: userId !== null,
  });
}

export function useMyRideRequests() {
  const { region } = useRegion();
  const { user } = useSession();
  return useQuery(myRideRequestsQueryOptions(region, user?.id ?? null));
}
