import { Link } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button';
import { browser } from '../../lib/browser';
import { isChunkLoadError } from '../../lib/lazy-with-reload';
import { useRegion } from '../../lib/region';

/**
 * A page that failed to render, inside the layout so the header and footer stay. The usual cause
 * is a page's code that could not be loaded even after one reload (offline, or files missing).
 */
export function RouteErrorPage({ error }: { error: unknown }) {
  const { toPath } = useRegion();
  const chunk = isChunkLoadError(error);
  return (
    <div role="alert" className="mx-auto max-w-md py-16 text-center">
      <h1 className="text-2xl font-bold">{chunk ? 'This page could not be loaded' : 'Something went wrong'}</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-300">
        {chunk ? 'Check your connection, then reload the page.' : 'Reloading the page usually helps.'}
      </p>
      <div className="mt-6 flex justify-center gap-3">
        <Button onClick={() => browser.reload()}>Reload</Button>
        <Link to={toPath('/')} className={buttonClasses('secondary')}>
          Back to rides
        </Link>
      </div>
    </div>
  );
}
