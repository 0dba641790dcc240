import type { Region } from '@carpool/shared/regions';
import type { PublicUser } from '@carpool/shared/schemas/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

function conversationPartnerKey(region: Region, userId: string) {
  return ['conversation-partner', region, userId] as const;
}

/** The other person of a conversation: a direct message carries ids only, the header needs a face. */
function getConversationPartner(userId: string): Promise<PublicUser> {
  return api.get(`/api/users/${encodeURIComponent(userId)}`, { schema: () => import('@carpool/shared/schemas/users').then((module) => module.PublicUserDto) });
}

export function useConversationPartner(region: Region, userId: string) {
  return useQuery(queryOptions({ queryKey: conversationPartnerKey(region, userId), queryFn: () => getConversationPartner(userId) }));
}
