import { useRegion } from '../../../lib/region';
import { useLiveInbox } from '../hooks/use-live-inbox';

/** How many direct messages wait unread, beside the header's Inbox link (nothing when none). */
export function InboxUnreadBadge() {
  const { region } = useRegion();
  const inbox = useLiveInbox(region);
  const unread = (inbox.data ?? []).reduce((sum, conversation) => sum + conversation.unreadCount, 0);
  if (unread === 0) return null;
  return (
    <span data-testid="inbox-unread" className="rounded-full bg-brand-600 px-1.5 py-0.5 text-xs font-bold leading-none text-white">
      {unread > 99 ? '99+' : unread}
      <span className="sr-only"> unread</span>
    </span>
  );
}
