import { SOCKET_EVENTS } from '@carpool/shared/socket-events';
import { useQueryClient } from '@tanstack/react-query';
import type { Region } from '@carpool/shared/regions';
import { useSocket, useSocketConnect, useSocketEvent } from '../../../lib/socket';
import { inboxKey, useInbox } from '../api/get-inbox';

/**
 * The inbox, asked for again when a direct message arrives or the socket comes back after missing
 * some: the order, last message and unread counts all change with a message, and the server
 * recomputes them.
 */
export function useLiveInbox(region: Region) {
  const queryClient = useQueryClient();
  const inbox = useInbox(region);
  const socket = useSocket();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: inboxKey(region) });
  useSocketEvent(socket, SOCKET_EVENTS.directMessage, refresh);
  useSocketConnect(socket, (_socket, { connectedAfterMount, recovered }) => {
    if (connectedAfterMount && !recovered) refresh();
  });
  return inbox;
}
