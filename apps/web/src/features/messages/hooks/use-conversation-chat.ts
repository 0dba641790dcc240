import { SOCKET_EVENTS } from '@carpool/shared/socket-events';
import type { DirectMessage } from '@carpool/shared/schemas/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useRegion } from '../../../lib/region';
import { useSocket, useSocketConnect, useSocketEvent } from '../../../lib/socket';
import { conversationAfterQueryOptions, conversationKey, useConversation } from '../api/get-conversation';
import { inboxKey } from '../api/get-inbox';
import { notificationsKey } from '../api/get-notifications';
import { useSendDirectMessage } from '../api/send-direct-message';
import { lastMessageId, mergeMessages } from '../utils/merge-messages';

const timeOfDirectMessage = (message: DirectMessage) => message.createdAt;

/**
 * The conversation with one user: history, live messages from the user room, and a catch-up
 * after each reconnect. Reading the conversation marks it read on the server, so the inbox badge
 * and the bell are refreshed after each read.
 */
export function useConversationChat(myId: string, otherUserId: string) {
  const { region } = useRegion();
  const queryClient = useQueryClient();
  const socket = useSocket();
  const conversation = useConversation(region, otherUserId);
  const loaded = conversation.isSuccess;

  const addMessages = useCallback(
    (incoming: DirectMessage[]) =>
      queryClient.setQueryData<DirectMessage[]>(conversationKey(region, otherUserId), (existing) =>
        mergeMessages(existing, incoming, timeOfDirectMessage),
      ),
    [queryClient, region, otherUserId],
  );

  const refreshCounts = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: inboxKey(region) });
    void queryClient.invalidateQueries({ queryKey: notificationsKey(region) });
  }, [queryClient, region]);

  // The first read marked the conversation read: the inbox and the bell should say so.
  useEffect(() => {
    if (loaded) refreshCounts();
  }, [loaded, refreshCounts]);

  const catchUp = useCallback(async () => {
    const current = queryClient.getQueryData<DirectMessage[]>(conversationKey(region, otherUserId));
    // Nothing loaded yet: the first read is still under way or failed, and will be (re)done.
    if (!current) return;
    try {
      addMessages(await queryClient.fetchQuery(conversationAfterQueryOptions(region, otherUserId, lastMessageId(current))));
      refreshCounts();
    } catch {
      // Logged by the query client; the next message or connection catches up again.
    }
  }, [queryClient, region, otherUserId, addMessages, refreshCounts]);

  useSocketConnect(socket, (_socket, { connectedAfterMount, recovered }) => {
    if (connectedAfterMount && !recovered) void catchUp();
  });

  useSocketEvent(socket, SOCKET_EVENTS.directMessage, (message) => {
    const fromOther = message.senderId === otherUserId && message.receiverId === myId;
    const fromMe = message.senderId === myId && message.receiverId === otherUserId;
    if (!fromOther && !fromMe) return;
    addMessages([message]);
    // A message read on screen is read: asking the server marks it so.
    if (fromOther) void catchUp();
  });

  const sending = useSendDirectMessage({ onSuccess: (message) => addMessages([message]) });

  return {
    messages: conversation.data ?? [],
    isLoading: conversation.isPending,
    isError: conversation.isError,
    send: (content: string) => sending.mutateAsync({ receiverId: otherUserId, content }),
    isSending: sending.isPending,
  };
}
