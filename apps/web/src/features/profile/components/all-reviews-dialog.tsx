import type { ReviewType } from '@carpool/shared/schemas/reviews';
import { TEXTS } from '@carpool/shared/texts';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { tabPanelProps, Tabs } from '../../../components/ui/tabs';
import { useAllReviews } from '../api/get-user-reviews';
import { EmptyReviews, REVIEW_TABS } from './review-list-parts';
import { ReviewItem } from './review-item';

function AllReviewsList({ userId, type }: { userId: string; type: ReviewType }) {
  const { data, isPending, hasNextPage, fetchNextPage, isFetchingNextPage } = useAllReviews(userId, type, true);
  if (isPending) return <Spinner className="py-6" />;
  const reviews = data?.pages.flatMap((page) => page.reviews) ?? [];
  if (reviews.length === 0) return <EmptyReviews type={type} />;
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-3">
        {reviews.map((review) => (
          <ReviewItem key={review.id} review={review} />
        ))}
      </ul>
      {hasNextPage ? (
        <Button variant="secondary" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
          {isFetchingNextPage ? 'Loading...' : 'Show more'}
        </Button>
      ) : null}
    </div>
  );
}

/** "See all reviews": every review of one kind, page by page, with the Driver/Passenger toggle. */
export function AllReviewsDialog({
  userId,
  type,
  onTypeChange,
  onClose,
}: {
  userId: string;
  type: ReviewType;
  onTypeChange: (type: ReviewType) => void;
  onClose: () => void;
}) {
  return (
    <Modal open onClose={onClose} title={TEXTS.profile.allReviews} size="lg">
      <div className="mb-4">
        <Tabs label="Review kind" idPrefix="all-reviews" tabs={REVIEW_TABS} selected={type} onSelect={onTypeChange} />
      </div>
      <div {...tabPanelProps('all-reviews', type)}>
        <AllReviewsList userId={userId} type={type} />
      </div>
    </Modal>
  );
}
