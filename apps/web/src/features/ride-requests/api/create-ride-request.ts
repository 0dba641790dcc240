import type { Region } from '@carpool/shared/regions';
import type { CreateRideRequestInput, RideRequest } from '@carpool/shared/schemas/ride-requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useRegion } from '../../../lib/region';
import { rideRequestKeys } from './query-keys';

/**
 * POST /api/ride-requests. A 401 does not end the session from inside the API client: that would
 * reload the page over the form. The form handles it the spec's way instead (see the
 * ride-request-form-session-expiry decision).
 */
function createRideRequest(body: CreateRideRequestInput, region: Region): Promise<RideRequest> {
  return api.post('/api/ride-requests', body, { region, schema: () => import('@carpool/shared/schemas/ride-requests').then((module) => module.RideRequestDto), expireSessionOnUnauthorized: false });
}

export function useCreateRideRequest() {
  const { region } = useRegion();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateRideRequestInput) => createRideRequest(body, region),
    meta: { failureLog: 'Failed to create ride request' },
    // Spec section 4: after posting, every ride request list is fetched again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rideRequestKeys.all }),
  });
}
