import { Spinner } from '../../components/ui/spinner';

/**
 * The main area while a page's code loads (a deep link; navigations keep the previous page on
 * screen instead). It is a screen tall, so the footer stays below the fold rather than showing
 * and then jumping away, and the spinner fades in late, so a fast load shows none.
 */
export function PageFallback() {
  return (
    <div className="flex min-h-screen justify-center pt-16">
      <Spinner label="Loading page" className="animate-appear-late" />
    </div>
  );
}
