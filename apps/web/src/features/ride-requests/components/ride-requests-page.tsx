import { REGION_WORDING } from '@carpool/shared/regions';
import { PageHeader } from '../../../components/layout/page-header';
import { useRegion } from '../../../lib/region';

export function RideRequestsPage() {
  const { region } = useRegion();
  return <PageHeader title={`Ride Requests ${REGION_WORDING[region].where}`} />;
}
