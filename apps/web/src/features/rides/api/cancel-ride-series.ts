import type { CancelledRideSeries } from '@carpool/shared/schemas/rides';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { rideKeys } from './ride-query-keys';

/**
 * DELETE /api/ride-series/:seriesId?from=: the driver cancels their weekly ride from a local day
 * (yyyy-mm-dd in the series' zone) on; those rides' bookings are cancelled server-side.
 */
function cancelRideSeries({ seriesId, from }: { seriesId: string; from: string }): Promise<CancelledRideSeries> {
  return api.delete(`/api/ride-series/${seriesId}?from=${encodeURIComponent(from)}`, { schema: () => import('@carpool/shared/schemas/rides').then((module) => module.CancelledRideSeriesDto) });
}

export function useCancelRideSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelRideSeries,
    onSettled: () => queryClient.invalidateQueries({ queryKey: rideKeys.all }),
  });
}
