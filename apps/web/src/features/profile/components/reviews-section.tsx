import { PROFILE_REVIEW_PREVIEW_COUNT } from '@carpool/shared/constants';
import type { ReviewType } from '@carpool/shared/schemas/reviews';
import { TEXTS } from '@carpool/shared/texts';
import { Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { DialogLoading, DialogUnavailable } from '../../../components/ui/dialog-loading';
import { Spinner } from '../../../components/ui/spinner';
import { tabPanelProps, Tabs } from '../../../components/ui/tabs';
import { lazyWithReload, preloadOnIntent } from '../../../lib/lazy-with-reload';
import { useReviewPreview } from '../api/get-user-reviews';
import { ProfileCard } from './profile-card';
import { EmptyReviews, REVIEW_TABS } from './review-list-parts';
import { ReviewItem } from './review-item';

// The dialog of every review (Radix Dialog) loads when the button is pointed at, focused or used.
const AllReviewsDialog = lazyWithReload(() => import('./all-reviews-dialog').then((module) => module.AllReviewsDialog), DialogUnavailable);

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
            {...preloadOnIntent(AllReviewsDialog)}
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
      {open ? (
        <Suspense fallback={<DialogLoading />}>
          <AllReviewsDialog userId={userId} type={dialogType} onTypeChange={setDialogType} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </ProfileCard>
  );
}
