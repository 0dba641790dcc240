import { SOCKET_EVENTS } from '@carpool/shared/socket-events';
import { useQueryClient } from '@tanstack/react-query';
import { useRegion } from '../../../lib/region';
import { useSocket, useSocketConnect, useSocketEvent } from '../../../lib/socket';
import { inboxKey, useInbox } from '../api/get-inbox';

/**
 * How many direct messages wait unread, beside the header's Inbox link (nothing when none). It
 * reads the inbox, as the Inbox page does, and asks again when a message arrives or the socket
 * comes back after missing some.
 */
export function InboxUnreadBadge() {
  const { region } = useRegion();
  const queryClient = useQueryClient();
  const inbox = useInbox(region);
  const socket = useSocket();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: inboxKey(region) });
  useSocketEvent(socket, SOCKET_EVENTS.directMessage, refresh);
  useSocketConnect(socket, (_socket, { connectedAfterMount, recovered }) => {
    if (connectedAfterMount && !recovered) refresh();
  });

  const unread = (inbox.data ?? []).reduce((sum, conversation) => sum + conversation.unreadCount, 0);
  if (unread === 0) return null;
  return (
    <span data-testid="inbox-unread" className="rounded-full bg-brand-600 px-1.5 py-0.5 text-xs font-bold leading-none text-white">
      {unread > 99 ? '99+' : unread}
      <span className="sr-only"> unread</span>
    </span>
  );
}
