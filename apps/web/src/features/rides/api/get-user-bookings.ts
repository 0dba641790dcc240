import type { Booking } from '@carpool/shared/schemas/bookings';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useRegion } from '../../../lib/region';
import { rideKeys } from './ride-query-keys';

/** GET /api/bookings/user/:userId: the caller's own bookings in this region, newest first. */
function getUserBookings(userId: string): Promise<Booking[]> {
  return api.get(`/api/bookings/user/${userId}`, { schema: () => import('@carpool/shared/schemas/bookings').then((module) => module.BookingListDto) });
}

export function useUserBookings(userId: string | null) {
  const { region } = useRegion();
  return useQuery({
    queryKey: rideKeys.bookingsOfUser(region, userId ?? ''),
    queryFn: () => getUserBookings(userId!),
    enabled: userId !== null,
  });
}
