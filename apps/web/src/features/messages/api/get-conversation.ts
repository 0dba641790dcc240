import type { Region } from '@carpool/shared/regions';
import { DIRECT_MESSAGES_MAX_LIMIT, DirectMessageDto, type DirectMessage } from '@carpool/shared/schemas/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { fetchAllAfter } from '../utils/merge-messages';

const DirectMessageListDto = z.array(DirectMessageDto);

export function conversationKey(region: Region, otherUserId: string) {
  return ['conversation', region, otherUserId] as const;
}

/** The conversation with a user, oldest first. The server marks the caller's received ones read. */
export function getConversation(otherUserId: string, query: { after?: string; limit?: number } = {}): Promise<DirectMessage[]> {
  return api.get(`/api/conversation-messages/conversation/${encodeURIComponent(otherUserId)}`, {
    schema: DirectMessageListDto,
    query,
  });
}

export function getConversationAfter(otherUserId: string, after: string | undefined): Promise<DirectMessage[]> {
  return fetchAllAfter((cursor, limit) => getConversation(otherUserId, { after: cursor, limit }), after, DIRECT_MESSAGES_MAX_LIMIT);
}

export function conversationQueryOptions(region: Region, otherUserId: string) {
  return queryOptions({
    queryKey: conversationKey(region, otherUserId),
    queryFn: () => getConversation(otherUserId),
    // Opening the page must mark the messages read on the server, so it always asks.
    staleTime: 0,
  });
}

export function useConversation(region: Region, otherUserId: string) {
  return useQuery(conversationQueryOptions(region, otherUserId));
}
