import type { PendingReview } from '@carpool/shared/schemas/reviews';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/** Passengers the user drove and has not reviewed yet, or drivers the user rode with. */
type PendingReviewSide = 'passenger' | 'driver';

const PATHS: Record<PendingReviewSide, string> = {
  passenger: '/api/reviews/getPassengerReviews',
  driver: '/api/reviews/getDriverReviews',
};

function fetchPendingReviews(userId: string, side: PendingReviewSide): Promise<PendingReview[]> {
  return api.get(`${PATHS[side]}/${encodeURIComponent(userId)}`, {
    schema: () => import('@carpool/shared/schemas/reviews').then((module) => module.PendingReviewsDto),
  });
}

export const pendingReviewsKey = (userId: string) => ['pending-reviews', userId] as const;

/**
 * Spec section 8: a failed read is logged (by the query client) and counts as an empty list; each
 * list on its own, so that one failing does not hide the other. Not tried again: an empty list is
 * what the person sees either way.
 */
function pendingReviewsQueryOptions(userId: string, side: PendingReviewSide) {
  return queryOptions({
    queryKey: [...pendingReviewsKey(userId), side],
    queryFn: () => fetchPendingReviews(userId, side),
    retry: false,
    meta: { failureLog: 'Failed to load pending reviews' },
  });
}

/** Oldest ride first, so that reviews are asked in the order the rides happened. */
function combineLists(results: Array<{ data?: PendingReview[] }>): { data: PendingReview[] } {
  return { data: results.flatMap((result) => result.data ?? []).sort((a, b) => a.departsAt.localeCompare(b.departsAt)) };
}

/** Both lists of the signed-in user, in one. */
export function usePendingReviews() {
  const { user } = useSession();
  return useQueries({
    queries: (['driver', 'passenger'] as const).map((side) => ({ ...pendingReviewsQueryOptions(user?.id ?? '', side), enabled: user !== null })),
    combine: combineLists,
  });
}
