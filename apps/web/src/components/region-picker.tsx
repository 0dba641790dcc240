import { Link } from 'react-router';
import { useRegion } from '../lib/region';

/**
 * The campuses of this site, when there are several: each a link to its own pages (/{slug}), the
 * current one marked. The home page shows it under its search; the footer lists them too.
 */
export function RegionPicker() {
  const { region, live } = useRegion();
  if (live.length < 2) return null;
  return (
    <nav aria-label="Campuses" className="flex flex-wrap items-center gap-2 text-sm">
      <span className="font-medium text-slate-600 dark:text-slate-300">Campus:</span>
      {live.map((each) => {
        const current = each.slug === region;
        return (
          <Link
            key={each.slug}
            to={`/${each.slug}`}
            aria-current={current ? 'true' : undefined}
            className={`rounded-full px-3 py-1 font-semibold ring-1 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 ${
              current
                ? 'bg-brand-600 text-white ring-brand-600'
                : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50 dark:bg-slate-900 dark:text-slate-200 dark:ring-slate-700 dark:hover:bg-slate-800'
            }`}
          >
            {each.name}
          </Link>
        );
      })}
    </nav>
  );
}
