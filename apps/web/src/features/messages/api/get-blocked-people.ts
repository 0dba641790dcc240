import type { Region } from '@carpool/shared/regions';
import type { BlockedUsers } from '@carpool/shared/schemas/trust';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

function blockedPeopleKey(region: Region) {
  return ['blocked-people', region] as const;
}

/**
 * The people the signed-in user blocked: a conversation with one of them cannot be written in. The
 * trust feature reads the same list to offer Block or Unblock, and a block or unblock there reads
 * every query again, this one included.
 */
function getBlockedPeople(): Promise<BlockedUsers> {
  return api.get('/api/users/me/blocks', { schema: () => import('@carpool/shared/schemas/trust').then((module) => module.BlockedUsersDto) });
}

export function useBlockedPeople(region: Region) {
  return useQuery(queryOptions({ queryKey: blockedPeopleKey(region), queryFn: getBlockedPeople }));
}
