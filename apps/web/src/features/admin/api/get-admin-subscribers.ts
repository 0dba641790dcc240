import type { AdminSubscribers } from '@carpool/shared/schemas/subscriptions';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ADMIN_KEY } from './admin-api';

/** GET /api/admin/subscribers: a page of confirmed subscribers, the latest first, and the counts. */
function fetchAdminSubscribers(before: string | null): Promise<AdminSubscribers> {
  return api.get('/api/admin/subscribers', {
    query: { before },
    schema: () => import('@carpool/shared/schemas/subscriptions').then((module) => module.AdminSubscribersDto),
  });
}

function adminSubscribersQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...ADMIN_KEY, 'subscribers'],
    queryFn: ({ pageParam }) => fetchAdminSubscribers(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextBefore,
  });
}

export function useAdminSubscribers() {
  return useInfiniteQuery(adminSubscribersQueryOptions());
}
