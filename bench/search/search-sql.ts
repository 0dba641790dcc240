import { addDays, startOfDayInTimeZone } from '@carpool/shared/time-zones';

/**
 * The SQL texts drizzle generates for the app's ride search, captured from the app's own
 * repository functions (capture-search-sql.ts) and checked against buildSearchParams before the
 * baseline starts. The baseline only fills in parameters; the texts are the app's.
 */
export interface SearchSqlTemplates {
  /** findSessionWithUser: the bearer token's session and its user (parameters: the token hash, the limit 1). */
  session: string;
  /** searchUpcomingRides, by filter shape (searchShape). */
  search: Record<string, string>;
  /** findBookingsOfUserOnRides (parameters: the user id, the ride ids as one array). */
  bookingsOfUser: string;
}

export interface SearchFilterInput {
  region: string;
  from?: string | undefined;
  to?: string | undefined;
  colleges?: readonly string[] | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
  timezone: string;
  limit: number;
  offset: number;
}

/** Which optional filters are present: the SQL text differs only by these. */
export function searchShape(filter: SearchFilterInput): string {
  return [
    filter.startDate ? 'start' : '',
    filter.endDate ? 'end' : '',
    filter.from ? 'from' : '',
    filter.to ? 'to' : '',
    `colleges${filter.colleges?.length ?? 0}`,
    filter.offset ? 'offset' : '',
  ]
    .filter(Boolean)
    .join('+');
}

/**
 * The parameters in drizzle's order: the where clause's conditions as written (a day's bounds each
 * twice, the departure's widened bound and then the boarding time's, which names the boarding
 * place; the route's places, then the stop-order check with null for an absent end; the colleges
 * as one array; the viewer twice for the block filter: either of two people may have blocked the
 * other), then the boarding place of the order by, limit and (when not 0) offset.
 */
export function buildSearchParams(filter: SearchFilterInput, now: Date, viewerId: string): unknown[] {
  const boardingPlace = filter.from ? [filter.from] : [];
  const start = filter.startDate ? startOfDayInTimeZone(filter.startDate, filter.timezone).toISOString() : undefined;
  const end = filter.endDate ? startOfDayInTimeZone(addDays(filter.endDate, 1), filter.timezone).toISOString() : undefined;
  const onRoute = filter.from || filter.to;
  return [
    filter.region,
    'active',
    now.toISOString(),
    ...(start ? [start, ...boardingPlace, start] : []),
    ...(end ? [end, ...boardingPlace, end] : []),
    ...(onRoute ? [...boardingPlace, ...(filter.to ? [filter.to] : []), filter.from || null, filter.to || null] : []),
    ...(filter.colleges?.length ? [filter.colleges] : []),
    viewerId,
    viewerId,
    ...boardingPlace,
    filter.limit,
    ...(filter.offset ? [filter.offset] : []),
  ];
}
