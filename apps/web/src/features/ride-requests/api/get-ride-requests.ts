import type { Region } from '@carpool/shared/regions';
import type { RideRequest } from '@carpool/shared/schemas/ride-requests';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useRegion } from '../../../lib/region';
import { importRideRequestSchemas } from '../../../lib/schema-modules';
import { useSession } from '../../../lib/session';
import { viewerTimeZone } from '../../../lib/viewer-time-zone';
import { rideRequestKeys, type RideRequestFilters } from './query-keys';

/** GET /api/ride-requests. */
function getRideRequests(filters: RideRequestFilters, region: Region): Promise<RideRequest[]> {
  return api.get('/api/ride-requests', {
    region,
    schema: () => importRideRequestSchemas().then((module) => module.RideRequestListDto),
    // The date is a day of the viewer's calendar; the zone tells the server which one.
    query: { from: filters.from, to: filters.to, date: filters.date, timezone: filters.date ? viewerTimeZone() : undefined },
  });
}

/**
 * The signed-in state is in the key: the server shows passengers only to signed-in viewers. The
 * spec's list reads log a failure; this one still fails, because the page must say "Failed to
 * fetch ride requests. Please try again later." rather than pretend the region has none (the list
 * then shows no cards, as an empty list would).
 */
function rideRequestsQueryOptions(region: Region, filters: RideRequestFilters, viewerId: string | null) {
  return queryOptions({
    queryKey: [...rideRequestKeys.search(region, filters), viewerId] as const,
    queryFn: () => getRideRequests(filters, region),
    meta: { failureLog: 'Failed to fetch ride requests' },
  });
}

export function useRideRequests(filters: RideRequestFilters) {
  const { region } = useRegion();
  const { user } = useSession();
  return useQuery(rideRequestsQueryOptions(region, filters, user?.id ?? null));
}
