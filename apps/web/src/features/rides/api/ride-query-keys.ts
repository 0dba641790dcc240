import type { Region } from '@carpool/shared/regions';

/**
 * Every rides-feature query key starts with 'rides' and the region (the two regions never share
 * a cache entry), so one invalidation of ['rides'] refreshes lists, counts, details, My Rides and
 * bookings after any change.
 */
export const rideKeys = {
  all: ['rides'] as const,
  search: (region: Region, filters: object) => ['rides', region, 'search', filters] as const,
  dayCounts: (region: Region, filters: object) => ['rides', region, 'day-counts', filters] as const,
  detail: (region: Region, rideId: string) => ['rides', region, 'detail', rideId] as const,
  ofUser: (region: Region, userId: string) => ['rides', region, 'user', userId] as const,
  bookingsOfUser: (region: Region, userId: string) => ['rides', region, 'bookings', userId] as const,
  waitlist: (region: Region, rideId: string) => ['rides', region, 'waitlist', rideId] as const,
};
