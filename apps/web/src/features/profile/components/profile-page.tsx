import { PageHeader } from '../../../components/layout/page-header';

/** The signed-in user's own profile; the router lets only signed-in users here. */
export function ProfilePage() {
  return <PageHeader title="My Profile" />;
}
