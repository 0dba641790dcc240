import type { JoinWaitlistInput, WaitingPassenger, WaitlistEntry } from '@carpool/shared/schemas/waitlist';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useRegion } from '../../../lib/region';
import { rideKeys } from './ride-query-keys';

/** POST /api/rides/:id/waitlist: wait for room that the ride does not have now. */
function joinWaitlist({ rideId, ...input }: JoinWaitlistInput & { rideId: string }): Promise<WaitlistEntry> {
  return api.post(`/api/rides/${rideId}/waitlist`, input, { schema: () => import('@carpool/shared/schemas/waitlist').then((module) => module.WaitlistEntryDto) });
}

/** DELETE /api/rides/:id/waitlist (204). */
async function leaveWaitlist(rideId: string): Promise<void> {
  await api.delete(`/api/rides/${rideId}/waitlist`);
}

/** GET /api/rides/:id/waitlist: the line, for the ride's driver only. */
function getWaitingPassengers(rideId: string): Promise<WaitingPassenger[]> {
  return api.get(`/api/rides/${rideId}/waitlist`, { schema: () => import('@carpool/shared/schemas/waitlist').then((module) => module.WaitingListDto) });
}

export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinWaitlist,
    onSettled: () => queryClient.invalidateQueries({ queryKey: rideKeys.all }),
  });
}

export function useLeaveWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveWaitlist,
    onSettled: () => queryClient.invalidateQueries({ queryKey: rideKeys.all }),
  });
}

/** The waiting passengers of the driver's ride; under the rides keys, so live updates refresh it. */
export function useWaitingPassengers(rideId: string, enabled: boolean) {
  const { region } = useRegion();
  return useQuery({
    queryKey: rideKeys.waitlist(region, rideId),
    queryFn: () => getWaitingPassengers(rideId),
    enabled,
  });
}
