import type { Region } from '@carpool/shared/regions';
import type { RideMessage } from '@carpool/shared/schemas/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import { fetchAllAfter } from '../utils/merge-messages';

// The schemas (and zod) load beside the request, not with the chat (docs/decisions/web-code-splitting.md).
const loadMessages = () => import('@carpool/shared/schemas/messages');

export function rideMessagesKey(region: Region, rideId: string) {
  return ['ride-messages', region, rideId] as const;
}

/** A ride chat, oldest first: the newest page, or the messages after `after`. */
function getRideMessages(rideId: string, query: { after?: string; limit?: number } = {}): Promise<RideMessage[]> {
  return api.get(`/api/messages/ride/${encodeURIComponent(rideId)}`, { schema: () => loadMessages().then((module) => module.RideMessageDto.array()), query });
}

/** What a reconnecting client missed, however many pages that is. */
async function getRideMessagesAfter(rideId: string, after: string | undefined): Promise<RideMessage[]> {
  const { RIDE_MESSAGES_MAX_LIMIT } = await loadMessages();
  return fetchAllAfter((cursor, limit) => getRideMessages(rideId, { after: cursor, limit }), after, RIDE_MESSAGES_MAX_LIMIT);
}

/**
 * What came in after `after`, read once (the chat merges it into the history) and then dropped;
 * a failure is logged by the query client, a 403 excepted (see rideMessagesQueryOptions).
 */
export function rideMessagesAfterQueryOptions(region: Region, rideId: string, after: string | undefined) {
  return queryOptions({
    queryKey: ['ride-messages-after', region, rideId, after ?? null] as const,
    queryFn: () => getRideMessagesAfter(rideId, after),
    staleTime: 0,
    gcTime: 0,
    meta: { failureLog: 'Failed to fetch missed ride messages', isExpectedFailure: isChatAccessEnded },
  });
}

export function rideMessagesQueryOptions(region: Region, rideId: string) {
  return queryOptions({
    queryKey: rideMessagesKey(region, rideId),
    queryFn: () => getRideMessages(rideId),
    // Spec sections 7 and 8: a list read logs the failure (the query client does) and shows an
    // empty list, at once. A 403 is no failure: the person is no longer in this chat (a block
    // cancelled their booking, say).
    retry: false,
    meta: { failureLog: 'Failed to load ride messages', isExpectedFailure: isChatAccessEnded },
  });
}

/** A 403 from the ride chat: the reader is no longer one of its people; nothing went wrong. */
function isChatAccessEnded(error: unknown): boolean {
  return isApiError(error) && error.status === 403;
}

export function useRideMessages(region: Region, rideId: string) {
  return useQuery(rideMessagesQueryOptions(region, rideId));
}
