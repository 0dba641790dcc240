import { REVIEW_COMMENT_MAX_CHARS } from '@carpool/shared/constants';
import { placeLabel } from '@carpool/shared/places';
import type { PendingReview } from '@carpool/shared/schemas/reviews';
import { TEXTS } from '@carpool/shared/texts';
import { useId, useState, type FormEvent } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useToast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { useSubmitReview } from '../api/submit-review';
import { errorClasses, inputClasses, labelClasses } from './form-classes';
import { StarInput } from './star-input';

/**
 * Spec section 5: a rating and a comment are both required, for both kinds of review (DESIGN.md
 * settles the spec's disagreement about the driver side). Returns the message, or null.
 */
export function checkReview(stars: number, comment: string): string | null {
  return stars < 1 || comment.trim() === '' ? TEXTS.reviewFieldsRequired : null;
}

const rideTimeFormat = new Intl.DateTimeFormat(undefined, { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

interface ReviewDialogProps {
  open: boolean;
  onClose: () => void;
  pending: readonly PendingReview[];
}

/** One pending review at a time: who, which ride, stars and a comment. */
export function ReviewDialog({ open, onClose, pending }: ReviewDialogProps) {
  // Reviews done or skipped in this opening; the list itself is reloaded when the dialog closes.
  const [handled, setHandled] = useState<string[]>([]);
  const remaining = pending.filter((item) => !handled.includes(keyOf(item)));
  const current = remaining[0];

  const close = () => {
    setHandled([]);
    onClose();
  };

  return (
    <Modal open={open} onClose={close} title="Leave a Review" size="md">
      {current ? (
        <ReviewForm
          key={keyOf(current)}
          review={current}
          position={{ index: pending.length - remaining.length + 1, count: pending.length }}
          hasNext={remaining.length > 1}
          onDone={() => setHandled((list) => [...list, keyOf(current)])}
        />
      ) : (
        <div className="flex flex-col items-center gap-4 py-4 text-center">
          <p className="text-lg font-semibold text-slate-900 dark:text-white">All caught up. Thanks for your reviews!</p>
          <Button onClick={close}>Close</Button>
        </div>
      )}
    </Modal>
  );
}

function keyOf(review: PendingReview): string {
  return `${review.bookingId}:${review.reviewType}`;
}

interface ReviewFormProps {
  review: PendingReview;
  position: { index: number; count: number };
  hasNext: boolean;
  onDone: () => void;
}

function ReviewForm({ review, position, hasNext, onDone }: ReviewFormProps) {
  const { showToast } = useToast();
  const submit = useSubmitReview();
  const [stars, setStars] = useState(0);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const commentId = useId();
  const role = review.reviewType === 'driver' ? 'driver' : 'passenger';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkReview(stars, comment);
    setError(problem);
    if (problem) return;
    submit.mutate(
      { bookingId: review.bookingId, reviewType: review.reviewType, stars, comment: comment.trim() },
      {
        onSuccess: () => {
          showToast({ message: `Thanks! Your review of ${review.reviewee.name} is posted.`, tone: 'success' });
          onDone();
        },
        onError: (failure) => setError(isApiError(failure) && failure.status !== 0 ? failure.message : 'Failed to submit review. Please try again.'),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      {position.count > 1 ? (
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">
          Review {position.index} of {position.count}
        </p>
      ) : null}
      <div className="flex items-center gap-4 rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200/70 dark:bg-slate-800/60 dark:ring-slate-700/60">
        <Avatar name={review.reviewee.name} src={review.reviewee.avatar} size="lg" />
        <div className="min-w-0">
          <p className="text-sm text-slate-600 dark:text-slate-300">How was your {role}?</p>
          <p className="truncate text-lg font-bold text-slate-900 dark:text-white">{review.reviewee.name}</p>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {placeLabel(review.from)} → {placeLabel(review.to)} · {rideTimeFormat.format(new Date(review.departsAt))}
          </p>
        </div>
      </div>
      <StarInput
        legend="Rating"
        value={stars}
        onChange={(next) => {
          setStars(next);
          setError(null);
        }}
      />
      <div>
        <label htmlFor={commentId} className={labelClasses}>
          Comment
        </label>
        <textarea
          id={commentId}
          rows={4}
          maxLength={REVIEW_COMMENT_MAX_CHARS}
          value={comment}
          onChange={(event) => {
            setComment(event.target.value);
            setError(null);
          }}
          placeholder={`Tell others about riding with ${review.reviewee.name}`}
          className={inputClasses}
        />
      </div>
      {error ? (
        <p role="alert" className={errorClasses}>
          {error}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {hasNext ? (
          <Button variant="ghost" onClick={onDone}>
            Skip for now
          </Button>
        ) : null}
        <Button type="submit" disabled={submit.isPending}>
          {submit.isPending ? 'Submitting...' : 'Submit Review'}
        </Button>
      </div>
    </form>
  );
}
