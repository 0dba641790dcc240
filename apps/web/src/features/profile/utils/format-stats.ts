import { MAX_STARS, MIN_STARS } from '@carpool/shared/constants';

/** Spec section 9: the average is shown with 2 decimals ("4.50"); no reviews reads "0.00". */
export function formatAverageRating(average: number): string {
  return (Number.isFinite(average) ? average : 0).toFixed(2);
}

/** The star display is the average rounded to whole stars, within 0..5 (0 when there is none). */
export function roundedStars(average: number): number {
  if (!Number.isFinite(average) || average <= 0) return 0;
  return Math.min(MAX_STARS, Math.max(MIN_STARS, Math.round(average)));
}
