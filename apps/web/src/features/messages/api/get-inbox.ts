import type { Region } from '@carpool/shared/regions';
import type { Conversation } from '@carpool/shared/schemas/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function inboxKey(region: Region) {
  return ['inbox', region] as const;
}

function getInbox(): Promise<Conversation[]> {
  return api.get('/api/conversation-messages/inbox', { schema: () => import('@carpool/shared/schemas/messages').then((module) => module.ConversationDto.array()) });
}

function inboxQueryOptions(region: Region) {
  return queryOptions({ queryKey: inboxKey(region), queryFn: getInbox, staleTime: 0 });
}

export function useInbox(region: Region) {
  return useQuery(inboxQueryOptions(region));
}
