import { TEXTS } from '@carpool/shared/texts';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { DialogLoading, DialogUnavailable } from '../../../components/ui/dialog-loading';
import { lazyWithReload } from '../../../lib/lazy-with-reload';
import { useSession } from '../../../lib/session';
import { pendingReviewsKey, usePendingReviews } from '../api/get-pending-reviews';

// The review form is loaded when the button is first used.
const ReviewDialog = lazyWithReload(() => import('./review-dialog').then((module) => module.ReviewDialog), DialogUnavailable);

/** Spec section 2 (Home): the floating orange button while reviews are due, and its dialog. */
export function PendingReviewsButton() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const { data: pending = [] } = usePendingReviews();
  const [open, setOpen] = useState(false);
  // The dialog keeps the list it opened with, so a submitted review does not reshuffle it.
  const [snapshot, setSnapshot] = useState(pending);

  if (!user) return null;
  const close = () => {
    setOpen(false);
    void queryClient.invalidateQueries({ queryKey: pendingReviewsKey(user.id) });
  };

  return (
    <>
      {pending.length > 0 && !open ? (
        // Room at the end of the page, so its last card scrolls clear of the floating button.
        <div data-testid="reviews-due-spacer" aria-hidden="true" className="h-20" />
      ) : null}
      {pending.length > 0 && !open ? (
        <button
          type="button"
          onClick={() => {
            setSnapshot(pending);
            setOpen(true);
          }}
          className="fixed bottom-5 right-4 z-30 inline-flex items-center gap-2 rounded-full bg-orange-700 px-5 py-3 text-sm font-bold text-white shadow-lg shadow-orange-700/30 transition hover:bg-orange-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-500 sm:bottom-8 sm:right-8"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
            <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z" />
          </svg>
          {TEXTS.profile.reviewsDue(pending.length)}
        </button>
      ) : null}
      {open ? (
        <Suspense fallback={<DialogLoading />}>
          <ReviewDialog open onClose={close} pending={snapshot} />
        </Suspense>
      ) : null}
    </>
  );
}
