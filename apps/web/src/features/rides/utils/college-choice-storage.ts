import type { College } from '@carpool/shared/colleges';
import { STORAGE_KEYS } from '@carpool/shared/constants';
import type { Region } from '@carpool/shared/regions';

/**
 * The college filter as the user last chose it in this region, or null when never chosen (the
 * user's own college applies). Storage can throw (blocked cookies): the choice is then not kept.
 */
export function getRememberedColleges(region: Region, known: readonly College[]): College[] | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.collegeFilter(region));
    const value: unknown = raw === null ? null : JSON.parse(raw);
    return Array.isArray(value) ? known.filter((college) => value.includes(college)) : null;
  } catch {
    return null;
  }
}

export function rememberColleges(region: Region, colleges: readonly College[]): void {
  try {
    localStorage.setItem(STORAGE_KEYS.collegeFilter(region), JSON.stringify(colleges));
  } catch {
    // See getRememberedColleges().
  }
}
