import type { College } from '@carpool/shared/colleges';
import { MAX_SEATS, MAX_SUITCASES } from '@carpool/shared/constants';
import type { PlaceIndex } from '@carpool/shared/place-index';
import type { RideSort } from '@carpool/shared/schemas/rides';
import { isCalendarDay } from '@carpool/shared/time-zones';

/**
 * The home page's search as its address says it (docs/decisions/search-filters-in-the-address.md):
 * `?from=ithaca&to=new_york_city&date=2026-12-03&colleges=cornell&sort=price&seats=2&suitcases=1&verifiedDrivers=true`.
 * The names are the API's (date stands for startDate = endDate); a value left out, or one the page
 * does not know, is the default.
 */
export interface AddressedSearch {
  from: string;
  to: string;
  /** One day, yyyy-mm-dd, or '' for every upcoming day. */
  date: string;
  /** null when the address does not say: the remembered choice, else the user's own college, applies. [] is every college. */
  colleges: College[] | null;
  sort: RideSort;
  /** Minimum free seats and suitcases on the part searched; 0 for any. */
  seats: number;
  suitcases: number;
  verifiedDrivers: boolean;
}

export type SearchPatch = Partial<Omit<AddressedSearch, 'colleges'>> & { colleges?: College[] };

/** `colleges=all`: every college, chosen (a link that must not fall back to the reader's own college). */
const ALL_COLLEGES_VALUE = 'all';

const DEFAULTS = { from: '', to: '', date: '', sort: 'departure', seats: 0, suitcases: 0, verifiedDrivers: false } as const;

/** A whole number from 1 to `max`, else 0 (any). */
function minimumOf(value: string | null, max: number): number {
  const number = value && /^\d+$/.test(value) ? Number(value) : 0;
  return number <= max ? number : 0;
}

/** What the region offers to search by: its places, and its colleges' slugs in the order of its list. */
export interface SearchScope {
  places: PlaceIndex;
  colleges: readonly College[];
}

function placeOf(params: URLSearchParams, key: 'from' | 'to', places: PlaceIndex): string {
  const value = params.get(key) ?? '';
  return value && places.has(value) ? value : '';
}

export function readAddressedSearch(params: URLSearchParams, scope: SearchScope): AddressedSearch {
  const colleges = params.getAll('colleges');
  const date = params.get('date') ?? '';
  return {
    from: placeOf(params, 'from', scope.places),
    to: placeOf(params, 'to', scope.places),
    date: isCalendarDay(date) ? date : '',
    colleges: colleges.length === 0 ? null : colleges.includes(ALL_COLLEGES_VALUE) ? [] : scope.colleges.filter((college) => colleges.includes(college)),
    sort: params.get('sort') === 'price' ? 'price' : 'departure',
    seats: minimumOf(params.get('seats'), MAX_SEATS),
    suitcases: minimumOf(params.get('suitcases'), MAX_SUITCASES),
    verifiedDrivers: params.get('verifiedDrivers') === 'true',
  };
}

/** The address's parameters after a change: every other parameter (an opened ride's) stays; defaults leave the address. */
export function withSearchPatch(current: URLSearchParams, patch: SearchPatch): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(patch) as [keyof SearchPatch, SearchPatch[keyof SearchPatch]][]) {
    next.delete(key);
    if (key === 'colleges') {
      const colleges = value as College[];
      if (colleges.length === 0) next.set(key, ALL_COLLEGES_VALUE);
      for (const college of colleges) next.append(key, college);
    } else if (value !== undefined && value !== DEFAULTS[key]) {
      next.set(key, String(value));
    }
  }
  return next;
}
