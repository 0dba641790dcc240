import { TEXTS } from '@carpool/shared/texts';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { useRegion } from '../../lib/region';

export function NotFoundPage() {
  const { toPath } = useRegion();
  return (
    <div className="mx-auto max-w-md py-16 text-center">
      <p className="text-5xl font-extrabold text-brand-600">404</p>
      <h1 className="mt-3 text-2xl font-bold">{TEXTS.pageNotFound}</h1>
      <Link to={toPath('/')} className={buttonClasses('primary', 'md', 'mt-6')}>
        Back to rides
      </Link>
    </div>
  );
}
