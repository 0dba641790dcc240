import { CAROUSEL_DAYS } from '@carpool/shared/constants';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useRegion } from '../../../lib/region';
import { useSession } from '../../../lib/session';
import { viewerTimeZone, viewerToday } from '../../../lib/viewer-time-zone';
import type { RideFilters } from '../api/get-rides';
import { getRememberedColleges, rememberColleges } from '../utils/college-choice-storage';
import { shiftWindow, windowShowing } from '../utils/ride-dates';
import { readAddressedSearch, withSearchPatch, type SearchPatch } from '../utils/search-params';

/**
 * The home page's filters, kept in the address (shareable, kept by a reload, walked by back and
 * forward), and the carousel window. Colleges the address does not name are the choice the user
 * last made in this region, else their own college (spec section 2), so signing in later still
 * applies it.
 */
export function useRideSearch() {
  const { user } = useSession();
  const { region, places, detail } = useRegion();
  const scope = useMemo(() => ({ places, colleges: detail.colleges.map((college) => college.slug) }), [places, detail]);
  const [searchParams, setSearchParams] = useSearchParams();
  const [timezone] = useState(viewerTimeZone);
  const today = viewerToday();
  // A navigation is a transition, so the address changes a moment after the input: until it has,
  // the change shows from here (a controlled checkbox or select would otherwise flick back).
  const [pending, setPending] = useState<{ of: URLSearchParams; patch: SearchPatch } | null>(null);
  if (pending && pending.of !== searchParams) setPending(null);
  const pendingPatch = pending?.of === searchParams ? pending.patch : null;
  const addressed = useMemo(() => ({ ...readAddressedSearch(searchParams, scope), ...pendingPatch }), [searchParams, scope, pendingPatch]);
  // Read once per region: going back to an address without colleges shows what the page showed then.
  const remembered = useMemo(() => getRememberedColleges(region, scope.colleges), [region, scope]);
  // A past day (a page left open past midnight, an old link) is no filter.
  const date = addressed.date >= today ? addressed.date : '';

  // The window shows the date filter whenever it changes (a carousel day, the date input, back or
  // forward); the arrows move it freely otherwise.
  const [carousel, setCarousel] = useState({ start: today, showing: '' });
  if (carousel.showing !== date) setCarousel({ start: date ? windowShowing(date, carousel.start, CAROUSEL_DAYS) : carousel.start, showing: date });
  // A page left open past midnight must not offer yesterday.
  const windowStart = carousel.start < today ? today : carousel.start;

  const userCollege = user?.college ?? null;
  const filters: RideFilters = useMemo(
    () => ({
      ...addressed,
      date,
      colleges: addressed.colleges ?? remembered ?? (userCollege && scope.colleges.includes(userCollege) ? [userCollege] : []),
      timezone,
    }),
    [addressed, date, remembered, userCollege, scope, timezone],
  );

  // Each change is an entry of the history, so that back undoes it.
  const setFilters = useCallback(
    (patch: SearchPatch) => {
      if (patch.colleges) rememberColleges(region, patch.colleges);
      // On top of the changes the address has not taken yet: a second change before the first
      // navigation commits must not drop it.
      const changes = { ...pendingPatch, ...patch };
      setPending({ of: searchParams, patch: changes });
      setSearchParams(withSearchPatch(searchParams, changes));
    },
    [region, searchParams, pendingPatch, setSearchParams],
  );
  /** A carousel day: selects it, or deselects it when it is already the filter. */
  const toggleDay = useCallback((day: string) => setFilters({ date: day === date ? '' : day }), [setFilters, date]);
  const shift = useCallback(
    (direction: -1 | 1) => setCarousel((current) => ({ ...current, start: shiftWindow(current.start < today ? today : current.start, direction * CAROUSEL_DAYS, today) })),
    [today],
  );

  return { today, filters, windowStart, setFilters, toggleDay, shift };
}
