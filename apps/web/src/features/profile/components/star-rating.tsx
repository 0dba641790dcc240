import { MAX_STARS } from '@carpool/shared/constants';

const SIZES = { sm: 'h-4 w-4', md: 'h-5 w-5' } as const;

const STAR_PATH =
  'M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z';

export function StarIcon({ filled, className = '' }: { filled: boolean; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className={className}>
      <path
        d={STAR_PATH}
        className={filled ? 'fill-amber-400 stroke-amber-500' : 'fill-transparent stroke-slate-300 dark:stroke-slate-600'}
        strokeWidth="1.2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Five stars, `stars` of them filled; read out as "N out of 5 stars". */
export function StarRating({ stars, size = 'md' }: { stars: number; size?: keyof typeof SIZES }) {
  return (
    <span role="img" aria-label={`${stars} out of ${MAX_STARS} stars`} className="inline-flex items-center gap-0.5">
      {Array.from({ length: MAX_STARS }, (_, index) => (
        <StarIcon key={index} filled={index < stars} className={SIZES[size]} />
      ))}
    </span>
  );
}
