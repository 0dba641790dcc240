import { TEXTS } from '@carpool/shared/texts';
import { PageHeader } from '../../../components/layout/page-header';
import { useSession } from '../../../lib/session';

/** Another user's profile (/profile/:userId); the router sends the viewer's own id to /profile. */
export function UserProfilePage() {
  const { isSignedIn } = useSession();
  if (!isSignedIn) return <p className="text-slate-600 dark:text-slate-300">{TEXTS.profileSignedOut}</p>;
  return <PageHeader title="Profile" />;
}
