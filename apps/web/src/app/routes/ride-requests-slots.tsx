import { Suspense } from 'react';
import { Spinner } from '../../components/ui/spinner';
import type { RequestsPanelFilters } from '../../features/rides/components/home-page';
import { lazyWithReload } from '../../lib/lazy-with-reload';

function PanelUnavailable() {
  return (
    <p role="alert" className="text-sm text-red-700 dark:text-red-300">
      Ride requests could not be loaded. Reload the page to try again.
    </p>
  );
}

// Both lists show on a tab that is not the first one: loaded when the tab is opened.
const RideRequestList = lazyWithReload(
  () => import('../../features/ride-requests/components/ride-request-list').then((module) => module.RideRequestList),
  PanelUnavailable,
);
const MyRideRequests = lazyWithReload(
  () => import('../../features/ride-requests/components/my-ride-requests').then((module) => module.MyRideRequests),
  PanelUnavailable,
);

const panelFallback = (
  <div className="flex justify-center py-12">
    <Spinner label="Loading ride requests" />
  </div>
);

/**
 * Fills the rides pages' request tabs with the ride-requests feature's lists (features do not
 * import each other): the home tab follows the home page's search filters.
 */
export function renderHomeRequests(filters: RequestsPanelFilters) {
  return (
    <Suspense fallback={panelFallback}>
      <RideRequestList from={filters.from} to={filters.to} date={filters.date} />
    </Suspense>
  );
}

export const myRideRequestsPanel = (
  <Suspense fallback={panelFallback}>
    <MyRideRequests />
  </Suspense>
);
