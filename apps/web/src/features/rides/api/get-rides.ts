import type { College } from '@carpool/shared/colleges';
import type { Ride } from '@carpool/shared/schemas/rides';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useQueryStartedInRender } from '../../../lib/query-started-in-render';
import { importRideSchemas } from '../../../lib/schema-modules';
import { useRegion } from '../../../lib/region';
import { rideKeys } from './ride-query-keys';

export interface RideFilters {
  from: string;
  to: string;
  colleges: readonly College[];
  /** A single day (startDate = endDate) in the viewer's zone, or '' for every upcoming day. */
  date: string;
  timezone: string;
}

/** GET /api/rides/getall; empty filters are left out by the API client. */
export function getRides(filters: RideFilters): Promise<Ride[]> {
  return api.get('/api/rides/getall', {
    schema: () => importRideSchemas().then((module) => module.RideListDto),
    query: {
      from: filters.from,
      to: filters.to,
      colleges: filters.colleges,
      startDate: filters.date,
      endDate: filters.date,
      timezone: filters.timezone,
    },
  });
}

/**
 * How many rides the college filter hides: the same search without it, asked only when the
 * filtered list came back empty (the empty state says the number and offers all colleges).
 */
export function useRidesHiddenByCollege(filters: RideFilters, filteredCount: number | undefined) {
  const { region } = useRegion();
  const unfiltered = { ...filters, colleges: [] };
  const query = useQuery({
    queryKey: rideKeys.search(region, unfiltered),
    queryFn: () => getRides(unfiltered),
    enabled: filters.colleges.length > 0 && filteredCount === 0,
  });
  return filteredCount === 0 && query.data ? query.data.length : null;
}

/**
 * The rides of a search; `enabled: false` asks for none (a home page drawn behind a dialog). The
 * request starts in the render (the home page's first screen).
 */
export function useRides(filters: RideFilters, enabled = true) {
  const { region } = useRegion();
  return useQueryStartedInRender(
    queryOptions({
      queryKey: rideKeys.search(region, filters),
      queryFn: () => getRides(filters),
      // The list stays on screen while a new filter loads instead of flashing empty.
      placeholderData: keepPreviousData,
      enabled,
    }),
  );
}
