import { PROFILE_REVIEW_PREVIEW_COUNT } from '@carpool/shared/constants';
import type { ReviewType } from '@carpool/shared/schemas/reviews';
import { TEXTS } from '@carpool/shared/texts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { tabPanelProps, Tabs, type TabItem } from '../../../components/ui/tabs';
import { useAllReviews, useReviewPreview } from '../api/get-user-reviews';
import { ProfileCard } from './profile-card';
import { ReviewItem } from './review-item';

const REVIEW_TABS: readonly TabItem<ReviewType>[] = [
  { id: 'driver', label: 'Driver' },
  { id: 'passenger', label: 'Passenger' },
];

const EMPTY_TEXT: Record<ReviewType, string> = {
  driver: 'No reviews as a driver yet.',
  passenger: 'No reviews as a passenger yet.',
};

function EmptyReviews({ type }: { type: ReviewType }) {
  return <p className="rounded-2xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500 dark:border-slate-700 dark:text-slate-400">{EMPTY_TEXT[type]}</p>;
}

function ReviewPreview({ userId, type }: { userId: string; type: ReviewType }) {
  const { data, isPending } = useReviewPreview(userId, type);
  if (isPending) return <Spinner className="py-6" />;
  // Spec section 8: a failed read shows as no reviews.
  const reviews = data?.reviews ?? [];
  if (reviews.length === 0) return <EmptyReviews type={type} />;
  return (
    <ul className="flex flex-col gap-3">
      {reviews.slice(0, PROFILE_REVIEW_PREVIEW_COUNT).map((review) => (
        <ReviewItem key={review.id} review={review} />
      ))}
    </ul>
  );
}

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

/** Spec section 2: a Driver/Passenger toggle with 2 reviews of each kind, and "See all reviews". */
export function ReviewsSection({ userId }: { userId: string }) {
  const [chosen, setType] = useState<ReviewType | null>(null);
  const [dialogType, setDialogType] = useState<ReviewType>('driver');
  const [open, setOpen] = useState(false);
  const driver = useReviewPreview(userId, 'driver');
  const passenger = useReviewPreview(userId, 'passenger');
  // Until the visitor picks a kind, open on the one that has reviews (a passenger-only user's reviews show at once).
  const type = chosen ?? (driver.data?.total === 0 && (passenger.data?.total ?? 0) > 0 ? 'passenger' : 'driver');
  const hasMore = [driver.data, passenger.data].some((page) => (page?.total ?? 0) > PROFILE_REVIEW_PREVIEW_COUNT);

  return (
    <ProfileCard
      title="Reviews"
      action={
        hasMore ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              setDialogType(type);
              setOpen(true);
            }}
          >
            {TEXTS.profile.seeAllReviews}
          </Button>
        ) : null
      }
    >
      <div className="mb-4">
        <Tabs label="Review kind" idPrefix="profile-reviews" tabs={REVIEW_TABS} selected={type} onSelect={setType} />
      </div>
      <div {...tabPanelProps('profile-reviews', type)}>
        <ReviewPreview userId={userId} type={type} />
      </div>
      <Modal open={open} onClose={() => setOpen(false)} title={TEXTS.profile.allReviews} size="lg">
        <div className="mb-4">
          <Tabs label="Review kind" idPrefix="all-reviews" tabs={REVIEW_TABS} selected={dialogType} onSelect={setDialogType} />
        </div>
        <div {...tabPanelProps('all-reviews', dialogType)}>
          <AllReviewsList userId={userId} type={dialogType} />
        </div>
      </Modal>
    </ProfileCard>
  );
}
