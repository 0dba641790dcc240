import { MyRideRequests } from '../../features/ride-requests/components/my-ride-requests';
import { RideRequestList } from '../../features/ride-requests/components/ride-request-list';
import type { RequestsPanelFilters } from '../../features/rides/components/home-page';

/**
 * Fills the rides pages' request tabs with the ride-requests feature's lists (features do not
 * import each other): the home tab follows the home page's search filters.
 */
export function renderHomeRequests(filters: RequestsPanelFilters) {
  return <RideRequestList from={filters.from} to={filters.to} date={filters.date} />;
}

export const myRideRequestsPanel = <MyRideRequests />;
