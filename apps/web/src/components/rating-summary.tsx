import type { RatingSummary as Rating } from '@carpool/shared/schemas/users';

/** "4.7 (3 reviews)" under the star, or "New driver" / "New passenger" for someone not yet reviewed. */
export function ratingText(rating: Rating, role: 'driver' | 'passenger'): string {
  if (rating.averageRating === null || rating.reviewCount === 0) return role === 'driver' ? 'New driver' : 'New passenger';
  return `${rating.averageRating.toFixed(1)} (${rating.reviewCount} ${rating.reviewCount === 1 ? 'review' : 'reviews'})`;
}

/** A person's rating on a card: a star, the mean and the count; what a screen reader hears says it whole. */
export function RatingSummary({ rating, role }: { rating: Rating; role: 'driver' | 'passenger' }) {
  if (rating.averageRating === null || rating.reviewCount === 0) {
    return (
      <span className="inline-flex items-center rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200 dark:bg-emerald-950/60 dark:text-emerald-200 dark:ring-emerald-800">
        {ratingText(rating, role)}
      </span>
    );
  }
  return (
    <span
      className="inline-flex items-center gap-1 text-xs font-semibold text-slate-700 dark:text-slate-200"
      aria-label={`Rated ${rating.averageRating.toFixed(1)} out of 5 from ${rating.reviewCount} ${rating.reviewCount === 1 ? 'review' : 'reviews'}`}
      role="img"
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-3.5 w-3.5 text-amber-500 dark:text-amber-400" fill="currentColor">
        <path d="M10 1.8l2.5 5.2 5.7.8-4.1 4 1 5.7L10 14.8l-5.1 2.7 1-5.7-4.1-4 5.7-.8z" />
      </svg>
      {ratingText(rating, role)}
    </span>
  );
}
