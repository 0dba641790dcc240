import type { College } from '@carpool/shared/colleges';
import type { Ride, RideSort } from '@carpool/shared/schemas/rides';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
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
  sort: RideSort;
  /** Minimum free seats and suitcases on the part searched; 0 for any. */
  seats: number;
  suitcases: number;
  verifiedDrivers: boolean;
}

/** The filters the list and the day counts share, as query parameters (defaults left out by the API client). */
export function filterQuery(filters: Omit<RideFilters, 'date' | 'sort'>) {
  return {
    timezone: filters.timezone,
    from: filters.from,
    to: filters.to,
    colleges: filters.colleges,
    seats: filters.seats || undefined,
    suitcases: filters.suitcases || undefined,
    verifiedDrivers: filters.verifiedDrivers || undefined,
  };
}

/** GET /api/rides/getall; empty filters are left out by the API client. */
function getRides(filters: RideFilters): Promise<Ride[]> {
  return api.get('/api/rides/getall', {
    schema: () => importRideSchemas().then((module) => module.RideListDto),
    query: {
      ...filterQuery(filters),
      startDate: filters.date,
      endDate: filters.date,
      sort: filters.sort === 'price' ? filters.sort : undefined,
    },
  });
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
