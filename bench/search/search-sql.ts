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
 * The parameters in drizzle's order: the where clause's conditions as written (the region; for a
 * search by place, the segment's boarding and leaving places as present; the status; the
 * departure's lower bound, and for a search by place the boarding time's too; a day's bounds on the
 * boarding time; the colleges as one array; the viewer twice for the block filter: either of two
 * people may have blocked the other), then limit and (when not 0) offset.
 */
export function buildSearchParams(filter: SearchFilterInput, now: Date, viewerId: string): unknown[] {
  const start = filter.startDate ? startOfDayInTimeZone(filter.startDate, filter.timezone).toISOString() : undefined;
  const end = filter.endDate ? startOfDayInTimeZone(addDays(filter.endDate, 1), filter.timezone).toISOString() : undefined;
  const byPlace = Boolean(filter.from || filter.to);
  return [
    filter.region,
    ...(filter.from ? [filter.from] : []),
    ...(filter.to ? [filter.to] : []),
    'active',
    now.toISOString(),
    ...(byPlace ? [now.toISOString()] : []),
    ...(start ? [start] : []),
    ...(end ? [end] : []),
    ...(filter.colleges?.length ? [filter.colleges] : []),
    viewerId,
    viewerId,
    filter.limit,
    ...(filter.offset ? [filter.offset] : []),
  ];
}
