import type { Region } from '@carpool/shared/regions';

/** The search filters of GET /api/ride-requests; empty values are left out of the call. */
export interface RideRequestFilters {
  from?: string;
  to?: string;
  /** The viewer's local day, yyyy-mm-dd. */
  date?: string;
}

/**
 * Every request list lives under ['ride-requests'], so one invalidation after a create or a delete
 * refreshes the page, the home tab and My Rides together. The region is part of each key so the
 * two regions never share an entry (see the web-region decision).
 */
export const rideRequestKeys = {
  all: ['ride-requests'] as const,
  search: (region: Region, filters: RideRequestFilters) =>
    ['ride-requests', region, 'search', { from: filters.from || null, to: filters.to || null, date: filters.date || null }] as const,
  mine: (region: Region, userId: string | null) => ['ride-requests', region, 'mine', userId] as const,
};
