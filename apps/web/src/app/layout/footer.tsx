import { Link } from 'react-router';
import { FeedbackLink } from '../../features/feedback/components/feedback-link';
import { useRegion } from '../../lib/region';

const linkClasses =
  'rounded font-medium text-slate-600 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-slate-300 dark:hover:text-brand-300';

export function Footer() {
  const { region, toPath, live } = useRegion();
  return (
    <footer className="border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 text-sm text-slate-500 sm:flex-row sm:items-center sm:justify-between sm:px-6 dark:text-slate-400">
        <p>© {new Date().getFullYear()} Carpool · Intercity rides for college communities</p>
        <nav aria-label="Footer" className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <Link to={toPath('/ride-requests')} className={linkClasses}>
            Ride requests
          </Link>
          <Link to={toPath('/terms')} className={linkClasses}>
            About and Terms
          </Link>
          <FeedbackLink className={linkClasses} />
          <span aria-hidden="true" className="hidden h-4 w-px bg-slate-300 sm:block dark:bg-slate-700" />
          {live.map((each) => (
            <Link
              key={each.slug}
              to={`/${each.slug}`}
              aria-current={each.slug === region ? 'true' : undefined}
              className={`${linkClasses} ${each.slug === region ? 'text-brand-700 underline underline-offset-4 dark:text-brand-300' : ''}`}
            >
              {each.name}
            </Link>
          ))}
        </nav>
      </div>
    </footer>
  );
}
