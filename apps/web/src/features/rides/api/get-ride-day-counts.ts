import { CAROUSEL_DAYS, DAY_COUNTS_MAX_DAYS } from '@carpool/shared/constants';
import type { RideDayCount } from '@carpool/shared/schemas/rides';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useQueryStartedInRender } from '../../../lib/query-started-in-render';
import { useRegion } from '../../../lib/region';
import { importRideSchemas } from '../../../lib/schema-modules';
import { filterQuery, type RideFilters } from './get-rides';
import { rideKeys } from './ride-query-keys';

/** The list's filters without its day and order, from `startDate` for `days` days (the carousel's 5 when absent). */
export type DayCountFilters = Omit<RideFilters, 'date' | 'sort'> & { startDate: string; days?: number };

/** The counts' own filters: a new day or order of the list does not ask for them again. */
export function dayCountFiltersOf({ date: _date, sort: _sort, ...filters }: RideFilters, startDate: string, days = CAROUSEL_DAYS): DayCountFilters {
  return { ...filters, startDate, days };
}

/** GET /api/rides/day-counts: the carousel's counts, without loading the rides themselves. */
function getRideDayCounts(filters: DayCountFilters): Promise<RideDayCount[]> {
  return api.get('/api/rides/day-counts', {
    schema: () => importRideSchemas().then((module) => module.RideDayCountsDto),
    query: { ...filterQuery(filters), startDate: filters.startDate, days: filters.days ?? CAROUSEL_DAYS },
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

const total = (counts: readonly RideDayCount[]) => counts.reduce((sum, day) => sum + day.count, 0);

/**
 * How many rides the college filter hides: the day counts of the same search over every college,
 * less those of the filtered one, for the chosen day, or else the next DAY_COUNTS_MAX_DAYS days
 * (two counting queries; no ride is loaded). null while unknown or without a college filter.
 */
export function useRidesHiddenByCollege(filters: RideFilters, today: string): number | null {
  const { region } = useRegion();
  const enabled = filters.colleges.length > 0;
  const filtered = dayCountFiltersOf(filters, filters.date || today, filters.date ? 1 : DAY_COUNTS_MAX_DAYS);
  const everyCollege = { ...filtered, colleges: [] };
  // The last count stays while a new filter's is asked for, instead of the line flickering away.
  const options = { enabled, placeholderData: keepPreviousData };
  const mine = useQuery({ queryKey: rideKeys.dayCounts(region, filtered), queryFn: () => getRideDayCounts(filtered), ...options }).data;
  const all = useQuery({ queryKey: rideKeys.dayCounts(region, everyCollege), queryFn: () => getRideDayCounts(everyCollege), ...options }).data;
  return enabled && mine && all ? Math.max(0, total(all) - total(mine)) : null;
}
