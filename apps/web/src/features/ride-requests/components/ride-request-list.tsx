import { TEXTS } from '@carpool/shared/texts';
import { Suspense, useId, useState } from 'react';
import { DialogLoading, DialogUnavailable } from '../../../components/ui/dialog-loading';
import { Spinner } from '../../../components/ui/spinner';
import { lazyWithReload } from '../../../lib/lazy-with-reload';
import { useSession } from '../../../lib/session';
import { useRideRequests } from '../api/get-ride-requests';
import type { RideRequestFilters } from '../api/query-keys';
import { RideRequestCard } from './ride-request-card';

// The Details dialog (Radix Dialog) loads when a request is first opened, not with the list.
const RideRequestDetailsModal = lazyWithReload(
  () => import('./ride-request-details-modal').then((module) => module.RideRequestDetailsModal),
  DialogUnavailable,
);

export type RideRequestListProps = RideRequestFilters;

/**
 * The region's upcoming ride requests with their Details modal: the home page's "All Ride
 * Requests" tab and the body of the Ride Requests page. The filters are the caller's (the home
 * page's search, or the page's own); absent ones mean "any".
 */
export function RideRequestList({ from, to, date }: RideRequestListProps) {
  const { isSignedIn } = useSession();
  const query = useRideRequests({ from, to, date });
  const [detailsId, setDetailsId] = useState<string | null>(null);
  // Stays mounted once opened, so that closing animates like any dialog.
  const [detailsOpened, setDetailsOpened] = useState(false);
  if (detailsId !== null && !detailsOpened) setDetailsOpened(true);
  const headingId = useId();
  // Looked up in the current data, so a request that leaves the list also leaves the modal.
  const detailsRequest = query.data?.find((request) => request.id === detailsId) ?? null;

  return (
    <section aria-labelledby={headingId} aria-busy={query.isPending}>
      <div className="mb-4">
        <h2 id={headingId} className="text-xl font-bold tracking-tight text-slate-900 dark:text-white">
          {TEXTS.rideRequests.listHeading}
        </h2>
        {query.data ? (
          <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
            {TEXTS.rideRequests.showingCount(query.data.length)}
          </p>
        ) : null}
      </div>

      {query.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner size="lg" label="Loading ride requests" />
        </div>
      ) : query.isError ? (
        <p
          role="alert"
          className="rounded-2xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800 dark:border-red-900 dark:bg-red-950/50 dark:text-red-200"
        >
          {TEXTS.fetchRequestsFailed}
        </p>
      ) : query.data.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 px-4 py-12 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
          {TEXTS.empty.requests}
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
          {query.data.map((request) => (
            <li key={request.id} className="flex">
              <RideRequestCard request={request} isSignedIn={isSignedIn} onShowDetails={(picked) => setDetailsId(picked.id)} />
            </li>
          ))}
        </ul>
      )}

      {detailsOpened ? (
        <Suspense fallback={<DialogLoading />}>
          <RideRequestDetailsModal request={detailsRequest} isSignedIn={isSignedIn} onClose={() => setDetailsId(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}
