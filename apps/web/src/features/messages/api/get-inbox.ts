import type { Region } from '@carpool/shared/regions';
import { ConversationDto, type Conversation } from '@carpool/shared/schemas/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

const InboxDto = z.array(ConversationDto);

export function inboxKey(region: Region) {
  return ['inbox', region] as const;
}

export function getInbox(): Promise<Conversation[]> {
  return api.get('/api/conversation-messages/inbox', { schema: InboxDto });
}

export function inboxQueryOptions(region: Region) {
  return queryOptions({ queryKey: inboxKey(region), queryFn: getInbox, staleTime: 0 });
}

export function useInbox(region: Region) {
  return useQuery(inboxQueryOptions(region));
}
