import type { College } from '@carpool/shared/colleges';
import { COLLEGES } from '@carpool/shared/fixtures/spec-regions';
import type { SpecRegion } from '@carpool/shared/fixtures/spec-places';
import { dayInTimeZone } from '@carpool/shared/time-zones';
import { BENCH_TIME_ZONE, REGIONS, distinctPlaces, skewedPlace, type SignedInUser, type StopRide } from '../seed/seed-data.js';
import { pick, seededRandom } from '../lib/stats.js';
import { SIZES } from '../lib/scale.js';
import type { SearchFilterInput } from './search-sql.js';

/** One search as the home page sends it: a region, some filters, a signed-in user. */
export interface SearchRequest {
  /** A region's slug: cornell or nj, or one the bench added (seed/many-regions.ts). */
  region: string;
  from?: string;
  to?: string;
  /** A calendar day in BENCH_TIME_ZONE: startDate = endDate (the day carousel). */
  day?: string;
  colleges?: College[];
  user: SignedInUser;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The filter mix, weighted as people use the home page: most pick a route and a day, some only
 * a departure or a destination, some filter by the driver's college, a few just open the page.
 */
const MIXES: { weight: number; build: (random: () => number, region: SpecRegion, day: string) => Omit<SearchRequest, 'user' | 'region'> }[] = [
  { weight: 35, build: (random, region, day) => ({ ...fromTo(random, region), day }) },
  { weight: 20, build: (random, region, day) => ({ from: skewedPlace(random, region), day }) },
  { weight: 10, build: (random, region, day) => ({ to: skewedPlace(random, region), day }) },
  { weight: 15, build: (random, _region, day) => ({ colleges: someColleges(random), day }) },
  { weight: 10, build: (random, region) => fromTo(random, region) },
  { weight: 10, build: () => ({}) },
];

function fromTo(random: () => number, region: SpecRegion) {
  const [from, to] = distinctPlaces(random, region);
  return { from, to };
}

function someColleges(random: () => number): College[] {
  const first = pick(random, COLLEGES);
  if (random() < 0.6) return [first];
  const second = pick(random, COLLEGES.filter((college) => college !== first));
  return [first, second];
}

/** A fixed list of requests that ours and the baseline both cycle through. */
export function buildSearchRequests(users: readonly SignedInUser[], count: number, now: Date): SearchRequest[] {
  const random = seededRandom(11);
  const totalWeight = MIXES.reduce((sum, mix) => sum + mix.weight, 0);
  const requests: SearchRequest[] = [];
  for (let index = 0; index < count; index += 1) {
    const region = pick(random, REGIONS);
    const day = new Date(now.getTime() + Math.floor(random() * SIZES.days) * DAY_MS).toISOString().slice(0, 10);
    let draw = random() * totalWeight;
    const mix = MIXES.find((candidate) => (draw -= candidate.weight) <= 0) ?? MIXES[0]!;
    requests.push({ region, ...mix.build(random, region, day), user: pick(random, users) });
  }
  return requests;
}

/**
 * Searches from A to B where A or B is a stop of some seeded rides (issue 32, acceptance 8): each
 * is an ordered pair of a seeded ride's route other than its two ends, asked as people ask for a
 * route: mostly on the boarding place's day (the carousel), some without a day. Every one finds
 * that ride at least; the same pair also finds the rides that pass both places in any other way.
 */
export function buildStopSearchRequests(users: readonly SignedInUser[], stopRides: readonly StopRide[], count: number): SearchRequest[] {
  if (stopRides.length === 0) throw new Error('the seed has no upcoming ride with stops to search for');
  const random = seededRandom(17);
  const requests: SearchRequest[] = [];
  for (let index = 0; index < count; index += 1) {
    const ride = pick(random, stopRides);
    const last = ride.route.length - 1;
    let first = 0;
    let end = last;
    // Not the ride's own two ends: at least one of the pair is a stop.
    while (first === 0 && end === last) {
      first = Math.floor(random() * last);
      end = first + 1 + Math.floor(random() * (last - first));
    }
    const day = random() < 0.75 ? dayInTimeZone(new Date(ride.leaves[first]!), BENCH_TIME_ZONE) : undefined;
    requests.push({ region: ride.region, from: ride.route[first]!, to: ride.route[end]!, ...(day ? { day } : {}), user: pick(random, users) });
  }
  return requests;
}

export function searchPath(request: SearchRequest): string {
  const query = new URLSearchParams();
  if (request.from) query.set('from', request.from);
  if (request.to) query.set('to', request.to);
  if (request.day) {
    query.set('startDate', request.day);
    query.set('endDate', request.day);
    query.set('timezone', BENCH_TIME_ZONE);
  }
  for (const college of request.colleges ?? []) query.append('colleges', college);
  const text = query.toString();
  return `/api/rides/getall${text ? `?${text}` : ''}`;
}

export function searchHeaders(request: SearchRequest): Record<string, string> {
  return { authorization: `Bearer ${request.user.token}`, 'x-region': request.region };
}

/** The search as the server's filter sees it, for capturing and checking the SQL. */
export function filterOfSearch(request: SearchRequest): SearchFilterInput {
  return {
    region: request.region,
    from: request.from,
    to: request.to,
    colleges: request.colleges,
    startDate: request.day,
    endDate: request.day,
    timezone: request.day ? BENCH_TIME_ZONE : 'UTC',
    limit: 50,
    offset: 0,
  };
}
