import { TEXTS } from '@carpool/shared/texts';
import { PageHeader } from '../../../components/layout/page-header';
import { useSession } from '../../../lib/session';

export function InboxPage() {
  const { isSignedIn } = useSession();
  if (!isSignedIn) return <p className="text-slate-600 dark:text-slate-300">{TEXTS.inboxSignedOut}</p>;
  return <PageHeader title="Inbox" />;
}
