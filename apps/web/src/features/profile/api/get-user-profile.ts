import type { UserProfile } from '@carpool/shared/schemas/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

function fetchUserProfile(userId: string): Promise<UserProfile> {
  return api.get(`/api/users/${encodeURIComponent(userId)}`, { schema: () => import('@carpool/shared/schemas/users').then((module) => module.UserProfileDto) });
}

/** Users are global (not region-scoped), so the key carries no region. */
function userProfileQueryOptions(userId: string) {
  return queryOptions({ queryKey: ['users', userId, 'profile'], queryFn: () => fetchUserProfile(userId) });
}

export function useUserProfile(userId: string) {
  return useQuery(userProfileQueryOptions(userId));
}
