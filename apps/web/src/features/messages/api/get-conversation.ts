import type { Region } from '@carpool/shared/regions';
import type { DirectMessage } from '@carpool/shared/schemas/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { fetchAllAfter } from '../utils/merge-messages';

// The schemas (and zod) load beside the request, not with the page (docs/decisions/web-code-splitting.md).
const loadMessages = () => import('@carpool/shared/schemas/messages');

export function conversationKey(region: Region, otherUserId: string) {
  return ['conversation', region, otherUserId] as const;
}

/** The conversation with a user, oldest first. The server marks the caller's received ones read. */
function getConversation(otherUserId: string, query: { after?: string; limit?: number } = {}): Promise<DirectMessage[]> {
  return api.get(`/api/conversation-messages/conversation/${encodeURIComponent(otherUserId)}`, {
    schema: () => loadMessages().then((module) => module.DirectMessageDto.array()),
    query,
  });
}

async function getConversationAfter(otherUserId: string, after: string | undefined): Promise<DirectMessage[]> {
  const { DIRECT_MESSAGES_MAX_LIMIT } = await loadMessages();
  return fetchAllAfter((cursor, limit) => getConversation(otherUserId, { after: cursor, limit }), after, DIRECT_MESSAGES_MAX_LIMIT);
}

/**
 * What came in after `after`, read once (the chat merges it into the conversation) and then
 * dropped; a failure is logged by the query client.
 */
export function conversationAfterQueryOptions(region: Region, otherUserId: string, after: string | undefined) {
  return queryOptions({
    queryKey: ['conversation-after', region, otherUserId, after ?? null] as const,
    queryFn: () => getConversationAfter(otherUserId, after),
    staleTime: 0,
    gcTime: 0,
    meta: { failureLog: 'Failed to fetch missed direct messages' },
  });
}

function conversationQueryOptions(region: Region, otherUserId: string) {
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
