import type { PriceSuggestion } from '@carpool/shared/schemas/places';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useRegion } from '../../../lib/region';

/** GET /api/rides/price-suggestion: the suggested price per seat of a route through its stops. */
function getPriceSuggestion(from: string, to: string, stops: readonly string[]): Promise<PriceSuggestion> {
  return api.get('/api/rides/price-suggestion', {
    query: { from, to, stops: stops.join(',') },
    schema: () => import('@carpool/shared/schemas/places').then((module) => module.PriceSuggestionDto),
  });
}

/**
 * The post form's price suggestion once both ends are chosen; the last one stays shown while the
 * route's next one loads. Stops not chosen yet (an empty row) are left out.
 */
export function usePriceSuggestion(from: string, to: string, stops: readonly string[]) {
  const { region } = useRegion();
  const route = stops.filter(Boolean);
  return useQuery({
    // Not under 'rides': no booking or edit changes what the map says of a route.
    queryKey: ['places', region, 'price-suggestion', from, to, route],
    queryFn: () => getPriceSuggestion(from, to, route),
    enabled: Boolean(from && to) && from !== to,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}
