import type { Review, SubmitReviewInput } from '@carpool/shared/schemas/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

function submitReview(input: SubmitReviewInput): Promise<Review> {
  return api.post('/api/reviews/submit', input, { schema: () => import('@carpool/shared/schemas/reviews').then((module) => module.ReviewDto) });
}

export function useSubmitReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitReview,
    // The reviewee's profile shows the new review and average.
    onSuccess: (review) => queryClient.invalidateQueries({ queryKey: ['users', review.reviewee.id] }),
  });
}
