import { CAROUSEL_DAYS } from '@carpool/shared/constants';
import type { RideDayCount } from '@carpool/shared/schemas/rides';
import { keepPreviousData } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useQueryStartedInRender } from '../../../lib/query-started-in-render';
import { useRegion } from '../../../lib/region';
import { importRideSchemas } from '../../../lib/schema-modules';
import type { RideFilters } from './get-rides';
import { rideKeys } from './ride-query-keys';

export type DayCountFilters = Omit<RideFilters, 'date'> & { startDate: string };

/** GET /api/rides/day-counts: the carousel's counts, without loading the rides themselves. */
export function getRideDayCounts(filters: DayCountFilters): Promise<RideDayCount[]> {
  return api.get('/api/rides/day-counts', {
    schema: () => importRideSchemas().then((module) => module.RideDayCountsDto),
    query: {
      startDate: filters.startDate,
      days: CAROUSEL_DAYS,
      timezone: filters.timezone,
      from: filters.from,
      to: filters.to,
      colleges: filters.colleges,
    },
  });
}

/** The carousel's counts; the request starts in the render (the home page's first screen). */
export function useRideDayCounts(filters: DayCountFilters) {
  const { region } = useRegion();
  return useQueryStartedInRender({
    queryKey: rideKeys.dayCounts(region, filters),
    queryFn: () => getRideDayCounts(filters),
    placeholderData: keepPreviousData,
  });
}
