import { CAROUSEL_DAYS } from '@carpool/shared/constants';
import type { College } from '@carpool/shared/colleges';
import { useCallback, useMemo, useState } from 'react';
import { useSession } from '../../../lib/session';
import { viewerTimeZone, viewerToday } from '../../../lib/viewer-time-zone';
import type { RideFilters } from '../api/get-rides';
import { shiftWindow, windowShowing } from '../utils/ride-dates';

/**
 * The home page's filters and carousel window. The college choice starts as "not chosen", which
 * means the signed-in user's own college (spec section 2), so signing in later still applies it.
 */
export function useRideSearch() {
  const { user } = useSession();
  const [timezone] = useState(viewerTimeZone);
  const today = viewerToday();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [date, setDate] = useState('');
  const [chosenColleges, setChosenColleges] = useState<College[] | null>(null);
  const [windowStartState, setWindowStart] = useState(today);
  // A page left open past midnight must not offer yesterday.
  const windowStart = windowStartState < today ? today : windowStartState;
  const effectiveDate = date && date < today ? '' : date;

  const userCollege = user?.college ?? null;
  const filters: RideFilters = useMemo(
    () => ({ from, to, colleges: chosenColleges ?? (userCollege ? [userCollege] : []), date: effectiveDate, timezone }),
    [from, to, chosenColleges, userCollege, effectiveDate, timezone],
  );

  // Stable between renders that change none of what they read, so that the memoized parts of the
  // home page that take them skip a re-render caused by an answer arriving (home-page.tsx).
  const setFilters = useCallback(
    (patch: { from?: string; to?: string; date?: string; colleges?: College[] }) => {
      if (patch.from !== undefined) setFrom(patch.from);
      if (patch.to !== undefined) setTo(patch.to);
      if (patch.colleges !== undefined) setChosenColleges(patch.colleges);
      if (patch.date !== undefined) {
        setDate(patch.date);
        if (patch.date) setWindowStart(windowShowing(patch.date, windowStart, CAROUSEL_DAYS));
      }
    },
    [windowStart],
  );
  /** A carousel day: selects it, or deselects it when it is already the filter. */
  const toggleDay = useCallback((day: string) => setDate(day === effectiveDate ? '' : day), [effectiveDate]);
  const shift = useCallback((direction: -1 | 1) => setWindowStart(shiftWindow(windowStart, direction * CAROUSEL_DAYS, today)), [windowStart, today]);

  return { today, filters, windowStart, setFilters, toggleDay, shift };
}
