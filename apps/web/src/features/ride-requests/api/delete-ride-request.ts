import type { Region } from '@carpool/shared/regions';
import type { RideRequest } from '@carpool/shared/schemas/ride-requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useRegion } from '../../../lib/region';
import { rideRequestKeys } from './query-keys';

/** DELETE /api/ride-requests/{id}: only the passenger who posted it may. */
async function deleteRideRequest(id: string, region: Region): Promise<void> {
  await api.delete(`/api/ride-requests/${encodeURIComponent(id)}`, { region, schema: () => import('@carpool/shared/schemas/ride-requests').then((module) => module.DeleteRideRequestDto) });
}

export function useDeleteRideRequest() {
  const { region } = useRegion();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteRideRequest(id, region),
    meta: { failureLog: 'Failed to delete ride request' },
    onSuccess: (_result, id) => {
      // Spec section 4: the request leaves the list at once, before any list is fetched again.
      queryClient.setQueriesData<RideRequest[]>({ queryKey: [...rideRequestKeys.all, region] }, (list) =>
        list?.filter((request) => request.id !== id),
      );
      return queryClient.invalidateQueries({ queryKey: rideRequestKeys.all });
    },
  });
}
