import { REVIEW_COMMENT_MAX_CHARS } from '@carpool/shared/constants';
import { SubmitReviewInput, type PendingReview } from '@carpool/shared/schemas/reviews';
import { TEXTS } from '@carpool/shared/texts';
import { useId, useState } from 'react';
import { Controller } from 'react-hook-form';
import { Field, FieldMessage } from '../../../components/form/field';
import { Form } from '../../../components/form/form';
import { textareaClasses } from '../../../components/form/form-classes';
import { FormError } from '../../../components/form/form-error';
import { SubmitButton } from '../../../components/form/submit-button';
import { useZodForm } from '../../../components/form/use-zod-form';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useToast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { formatLocalDateTime } from '../../../lib/local-date-time';
import { useSubmitReview } from '../api/submit-review';
import { StarInput } from './star-input';
import { usePlaceLabel } from '../../../lib/region';

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
  const placeLabel = usePlaceLabel();
  const { showToast } = useToast();
  const submit = useSubmitReview();
  const starsErrorId = useId();
  const role = review.reviewType === 'driver' ? 'driver' : 'passenger';
  // Spec section 5: a rating and a comment are both required, for both kinds of review (DESIGN.md
  // settles the spec's disagreement about the driver side); the server's schema says the same.
  const form = useZodForm(SubmitReviewInput, {
    defaultValues: { bookingId: review.bookingId, reviewType: review.reviewType, stars: 0, comment: '' },
    messages: { stars: TEXTS.reviewFieldsRequired, comment: { too_small: TEXTS.reviewFieldsRequired } },
  });

  const onSubmit = async (values: SubmitReviewInput) => {
    try {
      await submit.mutateAsync(values);
    } catch (failure) {
      form.showFailure(failure, isApiError(failure) && failure.status !== 0 ? failure.message : 'Failed to submit review. Please try again.');
      return;
    }
    showToast({ message: `Thanks! Your review of ${review.reviewee.name} is posted.`, tone: 'success' });
    onDone();
  };

  return (
    <Form form={form} onSubmit={onSubmit} className="flex flex-col gap-5">
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
            {placeLabel(review.from)} → {placeLabel(review.to)} · {formatLocalDateTime(review.departsAt)}
          </p>
        </div>
      </div>
      <div>
        <Controller
          control={form.control}
          name="stars"
          render={({ field, fieldState }) => (
            <StarInput
              legend="Rating"
              value={field.value}
              onChange={field.onChange}
              describedBy={fieldState.error ? starsErrorId : undefined}
            />
          )}
        />
        <FieldMessage name="stars" id={starsErrorId} />
      </div>
      <Field name="comment" label="Comment">
        {(control) => (
          <textarea
            {...control}
            rows={4}
            maxLength={REVIEW_COMMENT_MAX_CHARS}
            placeholder={`Tell others about riding with ${review.reviewee.name}`}
            className={textareaClasses}
            {...form.register('comment')}
          />
        )}
      </Field>
      <FormError />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {hasNext ? (
          <Button variant="ghost" onClick={onDone}>
            Skip for now
          </Button>
        ) : null}
        <SubmitButton pendingText="Submitting...">Submit Review</SubmitButton>
      </div>
    </Form>
  );
}
