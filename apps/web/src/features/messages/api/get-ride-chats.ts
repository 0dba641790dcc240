import type { Region } from '@carpool/shared/regions';
import type { RideChatSummary } from '@carpool/shared/schemas/messages';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

function rideChatsKey(region: Region) {
  return ['inbox', region, 'ride-chats'] as const;
}

/** GET /api/messages/rides: the caller's ride chats in the region, latest message first. */
function getRideChats(): Promise<RideChatSummary[]> {
  return api.get('/api/messages/rides', { schema: () => import('@carpool/shared/schemas/messages').then((module) => module.RideChatSummaryDto.array()) });
}

export function useRideChats(region: Region) {
  return useQuery({ queryKey: rideChatsKey(region), queryFn: getRideChats, staleTime: 0 });
}
