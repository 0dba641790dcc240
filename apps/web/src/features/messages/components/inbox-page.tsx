import { TEXTS } from '@carpool/shared/texts';
import { PageHeader } from '../../../components/layout/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { useRegion } from '../../../lib/region';
import { useSession } from '../../../lib/session';
import { useRideChats } from '../api/get-ride-chats';
import { useLiveInbox } from '../hooks/use-live-inbox';
import { InboxRow } from './inbox-row';
import { RideChatRow } from './ride-chat-row';

export function InboxPage() {
  const { isSignedIn } = useSession();
  if (!isSignedIn) return <p className="text-slate-600 dark:text-slate-300">{TEXTS.inboxSignedOut}</p>;
  return <Inbox />;
}

function Inbox() {
  const { region, toPath } = useRegion();
  const inbox = useLiveInbox(region);

  return (
    <div className="mx-auto w-full max-w-3xl">
      <PageHeader title="Inbox" />
      <div className="rounded-2xl bg-white p-2 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
        {inbox.isPending ? (
          <p role="status" className="flex items-center justify-center gap-3 px-4 py-12 text-slate-600 dark:text-slate-300">
            <Spinner size="sm" label={null} />
            {TEXTS.loadingConversations}
          </p>
        ) : inbox.isError ? (
          <p role="alert" className="px-4 py-12 text-center font-medium text-red-700 dark:text-red-300">
            {TEXTS.loadConversationsFailed}
          </p>
        ) : inbox.data.length === 0 ? (
          <p className="px-4 py-12 text-center text-slate-600 dark:text-slate-300">{TEXTS.empty.conversations}</p>
        ) : (
          <ul aria-label="Conversations" className="divide-y divide-slate-100 dark:divide-slate-800">
            {inbox.data.map((conversation) => (
              <InboxRow
                key={conversation.id}
                conversation={conversation}
                to={toPath(`/conversation-messages/${conversation.user.id}`)}
              />
            ))}
          </ul>
        )}
      </div>
      <RideChats />
    </div>
  );
}

/** The chats of the rides the person drives or rides on: each opens its ride, where the chat is. */
function RideChats() {
  const { region, toPath } = useRegion();
  const chats = useRideChats(region);
  // The direct conversations above are the page's business; these only add to it when they exist.
  if (!chats.data || chats.data.length === 0) return null;
  return (
    <section aria-labelledby="ride-chats-heading" className="mt-6">
      <h2 id="ride-chats-heading" className="mb-2 px-1 text-lg font-bold text-slate-900 dark:text-white">
        Ride chats
      </h2>
      <div className="rounded-2xl bg-white p-2 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
        <ul aria-label="Ride chats" className="divide-y divide-slate-100 dark:divide-slate-800">
          {chats.data.map((chat) => (
            <RideChatRow key={chat.rideId} chat={chat} to={toPath(`/?ride=${chat.rideId}`)} />
          ))}
        </ul>
      </div>
    </section>
  );
}
