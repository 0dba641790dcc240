import { SOCKET_EVENTS } from '@carpool/shared/socket-events';
import type { RideMessage } from '@carpool/shared/schemas/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useRegion } from '../../../lib/region';
import { useSocket, useSocketConnected, useSocketEvent } from '../../../lib/socket';
import { rideMessagesAfterQueryOptions, rideMessagesKey, rideMessagesQueryOptions, useRideMessages } from '../api/get-ride-messages';
import { useSendRideMessage } from '../api/send-ride-message';
import { lastMessageId, mergeMessages } from '../utils/merge-messages';

const timeOfRideMessage = (message: RideMessage) => message.timestamp;

/**
 * A ride's chat: the stored history, the room joined whenever the socket connects (and left on
 * unmount), live messages, and after each join a fetch of what came in while we were not in the
 * room. Every path merges by id, so nothing shows twice.
 */
export function useRideChat(rideId: string) {
  const { region } = useRegion();
  const queryClient = useQueryClient();
  const socket = useSocket();
  const connected = useSocketConnected(socket);
  const history = useRideMessages(region, rideId);

  const addMessages = useCallback(
    (incoming: RideMessage[]) =>
      queryClient.setQueryData<RideMessage[]>(rideMessagesKey(region, rideId), (existing) =>
        mergeMessages(existing, incoming, timeOfRideMessage),
      ),
    [queryClient, region, rideId],
  );

  const catchUp = useCallback(async () => {
    try {
      // Waits for a history fetch still under way, so the catch-up starts where it ended.
      const loaded = await queryClient.ensureQueryData(rideMessagesQueryOptions(region, rideId));
      const current = queryClient.getQueryData<RideMessage[]>(rideMessagesKey(region, rideId)) ?? loaded;
      addMessages(await queryClient.fetchQuery(rideMessagesAfterQueryOptions(region, rideId, lastMessageId(current))));
    } catch {
      // Logged by the query client; the next connection catches up again.
    }
  }, [queryClient, region, rideId, addMessages]);

  const catchUpRef = useRef(catchUp);
  useEffect(() => {
    catchUpRef.current = catchUp;
  });

  useEffect(() => {
    if (!socket) return;
    const join = (recovered: boolean) => {
      socket.emit(SOCKET_EVENTS.joinRideChat, rideId, (result) => {
        if (!result.ok) {
          // Refused because the person left the ride's people (a cancellation, a block): expected.
          if (result.code !== 'FORBIDDEN') console.error('Could not join the ride chat', result.message);
          return;
        }
        // A recovered connection had the missed events replayed; otherwise ask for them.
        if (!recovered) void catchUpRef.current();
      });
    };
    if (socket.connected) join(false);
    const onConnect = () => join(socket.recovered);
    socket.on('connect', onConnect);
    return () => {
      socket.off('connect', onConnect);
      socket.emit(SOCKET_EVENTS.leaveRideChat, rideId);
    };
  }, [socket, rideId]);

  useSocketEvent(socket, SOCKET_EVENTS.newMessage, (message) => {
    if (message.rideId === rideId) addMessages([message]);
  });

  const sending = useSendRideMessage({ onSuccess: (message) => addMessages([message]) });

  return {
    messages: history.data ?? [],
    isLoading: history.isPending,
    connected,
    send: (content: string) => sending.mutateAsync({ rideId, content }),
    isSending: sending.isPending,
  };
}
