import { SUBSCRIPTION_BANNER_CLOSE_MS } from '@carpool/shared/constants';
import { Suspense, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { lazyWithReload } from '../../../lib/lazy-with-reload';
import { useRegion } from '../../../lib/region';
import { useSession } from '../../../lib/session';
import { useIdle } from '../../../lib/when-idle';
import { subscriptionFormClasses, subscriptionInputClasses, subscriptionRowClasses } from './subscription-form-classes';
import { isSubscribed, rememberSubscribed, shouldShowBanner } from '../utils/subscribed-storage';

type Phase = 'editing' | 'done';

function SubscriptionFormUnavailable() {
  return (
    <p role="alert" className="text-sm text-red-700 dark:text-red-300">
      The form could not be loaded. Reload the page to try again.
    </p>
  );
}

// The banner sits below the rides: its form kit (react-hook-form, the zod resolver) loads once the
// page is idle after its first paint, not among the first paint's own work
// (docs/decisions/web-code-splitting.md).
const SubscriptionForm = lazyWithReload(
  () => import('./subscription-form').then((module) => module.SubscriptionForm),
  SubscriptionFormUnavailable,
);

/** The form's look while its code loads: same boxes, nothing to type into yet. */
function SubscriptionFormPlaceholder() {
  return (
    <div aria-busy="true" className={subscriptionFormClasses}>
      <div className={subscriptionRowClasses}>
        <div className="min-w-0 sm:flex-1">
          <input aria-label="Email address" type="email" placeholder="you@university.edu" disabled className={subscriptionInputClasses} />
        </div>
        <Button disabled>Subscribe</Button>
      </div>
    </div>
  );
}

/** The newsletter banner of the home page (spec sections 2 and 4). */
export function SubscriptionBanner() {
  const { region, detail } = useRegion();
  const { isSignedIn } = useSession();
  const [phase, setPhase] = useState<Phase>('editing');
  const [dismissed, setDismissed] = useState(false);
  const idle = useIdle();
  // Read on each render: the stored flag belongs to the region shown, which can change.
  const subscribed = isSubscribed(region);

  // Spec section 9: the banner closes 3 s after a successful subscription.
  useEffect(() => {
    if (phase !== 'done') return;
    const timer = setTimeout(() => setDismissed(true), SUBSCRIPTION_BANNER_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  const visible = phase === 'done' ? !dismissed : shouldShowBanner({ isSignedIn, subscribed, dismissed });
  if (!visible) return null;

  return (
    <aside
      aria-label="Newsletter"
      className="relative mt-10 overflow-hidden rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8 dark:bg-slate-900 dark:ring-slate-800"
    >
      <button
        type="button"
        aria-label="Close newsletter banner"
        onClick={() => setDismissed(true)}
        className="absolute right-3 top-3 rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
          <path d="M4.3 4.3a1 1 0 0 1 1.4 0L10 8.6l4.3-4.3a1 1 0 1 1 1.4 1.4L11.4 10l4.3 4.3a1 1 0 0 1-1.4 1.4L10 11.4l-4.3 4.3a1 1 0 0 1-1.4-1.4L8.6 10 4.3 5.7a1 1 0 0 1 0-1.4z" />
        </svg>
      </button>
      {phase === 'done' ? (
        <p role="status" className="pr-8 text-lg font-semibold text-emerald-700 dark:text-emerald-300">
          You&apos;re subscribed! We&apos;ll keep you posted about rides {detail.where}.
        </p>
      ) : (
        <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
          <div className="pr-8">
            <h2 className="text-lg font-bold text-slate-900 dark:text-white">Never miss a ride</h2>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
              Get news about rides {detail.where} in your inbox.
            </p>
          </div>
          {idle ? (
            <Suspense fallback={<SubscriptionFormPlaceholder />}>
              <SubscriptionForm
                onSubscribed={() => {
                  rememberSubscribed(region);
                  setPhase('done');
                }}
              />
            </Suspense>
          ) : (
            <SubscriptionFormPlaceholder />
          )}
        </div>
      )}
    </aside>
  );
}
