import { TEXTS } from '@carpool/shared/texts';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/layout/page-header';
import { Button } from '../../../components/ui/button';
import { useRegion } from '../../../lib/region';
import type { RideRequestFilters } from '../api/query-keys';
import { useOpenRequestForm } from '../hooks/use-open-request-form';
import { PlusIcon } from './ride-request-icons';
import { RideRequestList } from './ride-request-list';
import { RideRequestSearch } from './ride-request-search';

const FILTER_KEYS = ['from', 'to', 'date'] as const;

/**
 * The Ride Requests page (spec section 2). The applied search lives in the address
 * (?from=&to=&date=), so a search can be shared, reloaded and gone back to.
 */
export function RideRequestsPage() {
  const { region, detail } = useRegion();
  const openRequestForm = useOpenRequestForm();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters: RideRequestFilters = Object.fromEntries(
    FILTER_KEYS.map((key) => [key, searchParams.get(key) || undefined]),
  );

  const search = (next: RideRequestFilters) => {
    const params = new URLSearchParams();
    for (const key of FILTER_KEYS) {
      const value = next[key];
      if (value) params.set(key, value);
    }
    setSearchParams(params);
  };

  return (
    <>
      <PageHeader
        title={TEXTS.rideRequests.pageTitle(detail.where)}
        subtitle={TEXTS.rideRequests.pageSubtitle}
        actions={
          <Button size="lg" onClick={openRequestForm}>
            <PlusIcon className="h-5 w-5" />
            {TEXTS.rideRequests.postARequest}
          </Button>
        }
      />
      {/* Keyed by region: a place of the other region must not stay selected after a switch. */}
      <RideRequestSearch key={region} initial={filters} onSearch={search} />
      <RideRequestList {...filters} />
    </>
  );
}
