import { PageHeader } from '../../../components/layout/page-header';

export function MyRidesPage() {
  return <PageHeader title="My Rides" />;
}
