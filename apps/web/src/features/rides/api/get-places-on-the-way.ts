import type { PlaceOnTheWay } from '@carpool/shared/schemas/places';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useRegion } from '../../../lib/region';

/** GET /api/places/on-the-way: the places of the region a trip from `from` to `to` passes, nearest to `from` first. */
function getPlacesOnTheWay(from: string, to: string): Promise<PlaceOnTheWay[]> {
  return api.get('/api/places/on-the-way', {
    query: { from, to },
    schema: () => import('@carpool/shared/schemas/places').then((module) => module.PlacesOnTheWayDto),
  });
}

/** The stops the post form suggests once both ends are chosen; places do not move, so asked once per pair. */
export function usePlacesOnTheWay(from: string, to: string) {
  const { region } = useRegion();
  return useQuery({
    // Not under 'rides': no booking or edit changes what the map says of a route.
    queryKey: ['places', region, 'on-the-way', from, to],
    queryFn: () => getPlacesOnTheWay(from, to),
    enabled: Boolean(from && to) && from !== to,
    staleTime: Infinity,
  });
}
