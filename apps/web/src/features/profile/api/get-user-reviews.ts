import { PROFILE_REVIEW_PREVIEW_COUNT } from '@carpool/shared/constants';
import type { ReviewType, UserReviews } from '@carpool/shared/schemas/reviews';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Page size of the "All Reviews" dialog. */
const ALL_REVIEWS_PAGE_SIZE = 20;

function fetchUserReviews(
  userId: string,
  type: ReviewType,
  page: { limit: number; offset: number },
): Promise<UserReviews> {
  return api.get(`/api/users/${encodeURIComponent(userId)}/reviews`, {
    query: { type, limit: page.limit, offset: page.offset },
    schema: () => import('@carpool/shared/schemas/reviews').then((module) => module.UserReviewsDto),
  });
}

/** The profile's preview: the newest reviews of one kind, and the total that decides "See all reviews". */
function reviewPreviewQueryOptions(userId: string, type: ReviewType) {
  return queryOptions({
    queryKey: ['users', userId, 'reviews', type, 'preview'],
    queryFn: () => fetchUserReviews(userId, type, { limit: PROFILE_REVIEW_PREVIEW_COUNT, offset: 0 }),
  });
}

export function useReviewPreview(userId: string, type: ReviewType) {
  return useQuery(reviewPreviewQueryOptions(userId, type));
}

function allReviewsQueryOptions(userId: string, type: ReviewType) {
  return infiniteQueryOptions({
    queryKey: ['users', userId, 'reviews', type, 'all'],
    queryFn: ({ pageParam }) => fetchUserReviews(userId, type, { limit: ALL_REVIEWS_PAGE_SIZE, offset: pageParam }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.reviews.length, 0);
      return loaded < last.total && last.reviews.length > 0 ? loaded : undefined;
    },
  });
}

export function useAllReviews(userId: string, type: ReviewType, enabled: boolean) {
  return useInfiniteQuery({ ...allReviewsQueryOptions(userId, type), enabled });
}
