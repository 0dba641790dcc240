import type { PendingReview } from '@carpool/shared/schemas/reviews';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

export interface PendingReviews {
  /** Passengers the user drove and has not reviewed yet. */
  passenger: PendingReview[];
  /** Drivers the user rode with and has not reviewed yet. */
  driver: PendingReview[];
}

/** Spec section 8: a failed read is logged and counts as an empty list. */
async function readList(path: string): Promise<PendingReview[]> {
  try {
    return await api.get(path, { schema: () => import('@carpool/shared/schemas/reviews').then((module) => module.PendingReviewsDto) });
  } catch (error) {
    console.error('Failed to load pending reviews', error);
    return [];
  }
}

export async function fetchPendingReviews(userId: string): Promise<PendingReviews> {
  const id = encodeURIComponent(userId);
  const [passenger, driver] = await Promise.all([
    readList(`/api/reviews/getPassengerReviews/${id}`),
    readList(`/api/reviews/getDriverReviews/${id}`),
  ]);
  return { passenger, driver };
}

export const pendingReviewsKey = (userId: string) => ['pending-reviews', userId] as const;

export function pendingReviewsQueryOptions(userId: string) {
  return queryOptions({ queryKey: pendingReviewsKey(userId), queryFn: () => fetchPendingReviews(userId) });
}

/** Both lists of the signed-in user, oldest ride first so reviews are asked in the order rides happened. */
export function usePendingReviews() {
  const { user } = useSession();
  return useQuery({
    ...pendingReviewsQueryOptions(user?.id ?? ''),
    enabled: user !== null,
    select: (data) =>
      [...data.driver, ...data.passenger].sort((a, b) => a.departsAt.localeCompare(b.departsAt)),
  });
}
