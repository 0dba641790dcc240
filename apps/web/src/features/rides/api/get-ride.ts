import type { Ride } from '@carpool/shared/schemas/rides';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useRegion } from '../../../lib/region';
import { rideKeys } from './ride-query-keys';

function getRide(rideId: string): Promise<Ride> {
  return api.get(`/api/rides/${rideId}`, { schema: () => import('@carpool/shared/schemas/rides').then((module) => module.RideDto) });
}

/** One ride, fresh from the server, for the detail dialog (seat counts change under it). */
export function useRide(rideId: string | null, initialRide?: Ride) {
  const { region } = useRegion();
  return useQuery({
    queryKey: rideKeys.detail(region, rideId ?? ''),
    queryFn: () => getRide(rideId!),
    enabled: rideId !== null,
    initialData: initialRide && initialRide.id === rideId ? initialRide : undefined,
    // The card's copy is a good first paint, but the dialog asks again at once.
    initialDataUpdatedAt: 0,
  });
}
