import type { AdminFeedbackList } from '@carpool/shared/schemas/feedback';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ADMIN_KEY } from './admin-api';

/** GET /api/admin/feedback: a page of the inbox, newest first, older than `before`. */
function fetchAdminFeedback(before: string | null): Promise<AdminFeedbackList> {
  return api.get('/api/admin/feedback', {
    query: { before },
    schema: () => import('@carpool/shared/schemas/feedback').then((module) => module.AdminFeedbackListDto),
  });
}

function adminFeedbackQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...ADMIN_KEY, 'feedback'],
    queryFn: ({ pageParam }) => fetchAdminFeedback(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextBefore,
  });
}

export function useAdminFeedback() {
  return useInfiniteQuery(adminFeedbackQueryOptions());
}
