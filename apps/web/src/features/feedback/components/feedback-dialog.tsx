import { FEEDBACK_MAX_CHARS } from '@carpool/shared/constants';
import { TEXTS } from '@carpool/shared/texts';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useSession } from '../../../lib/session';
import { useSendFeedback } from '../api/send-feedback';

const inputClasses =
  'block w-full rounded-xl border border-slate-300 bg-white px-3 py-2.5 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 dark:border-slate-600 dark:bg-slate-800 dark:text-white';
const labelClasses = 'mb-1.5 block text-sm font-semibold text-slate-800 dark:text-slate-100';

/** Spec section 4: editing -> sending -> sent. */
export type FeedbackPhase = 'editing' | 'sending' | 'sent';

export function FeedbackDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title={TEXTS.feedbackTitle} size="md">
      {open ? <FeedbackForm onDone={onClose} /> : null}
    </Modal>
  );
}

function FeedbackForm({ onDone }: { onDone: () => void }) {
  const { user } = useSession();
  const send = useSendFeedback();
  const [comment, setComment] = useState('');
  // Spec section 3: the optional e-mail is prefilled from the account.
  const [email, setEmail] = useState(user?.email ?? '');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const commentId = useId();
  const counterId = useId();
  const emailId = useId();
  const phase: FeedbackPhase = sent ? 'sent' : send.isPending ? 'sending' : 'editing';

  if (phase === 'sent') {
    return (
      <div className="flex flex-col items-center gap-4 py-4 text-center">
        <span aria-hidden="true" className="flex h-12 w-12 items-center justify-center rounded-full bg-emerald-100 text-emerald-700 dark:bg-emerald-900/60 dark:text-emerald-300">
          <svg viewBox="0 0 20 20" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
            <path d="M4.5 10.5l3.5 3.5 7.5-8" />
          </svg>
        </span>
        <p role="status" className="text-lg font-semibold text-slate-900 dark:text-white">
          {TEXTS.feedbackThanks}
        </p>
        <Button onClick={onDone}>Close</Button>
      </div>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!comment.trim()) {
      setError('Please write your feedback first.');
      return;
    }
    setError(null);
    send.mutate(
      { comment: comment.trim(), email: email.trim() },
      {
        onSuccess: () => setSent(true),
        onError: (failure) => {
          console.error('Sending feedback failed', failure);
          setError(TEXTS.feedbackFailed);
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <p className="text-sm text-slate-600 dark:text-slate-300">Tell us what works, what doesn&apos;t, and what you would like to see.</p>
      <div>
        <label htmlFor={commentId} className={labelClasses}>
          Comment
        </label>
        <textarea
          id={commentId}
          rows={5}
          required
          maxLength={FEEDBACK_MAX_CHARS}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          aria-describedby={counterId}
          className={inputClasses}
        />
        <p id={counterId} className="mt-1 text-right text-xs text-slate-500 dark:text-slate-400">
          {comment.length}/{FEEDBACK_MAX_CHARS}
        </p>
      </div>
      <div>
        <label htmlFor={emailId} className={labelClasses}>
          E-mail <span className="font-normal text-slate-500 dark:text-slate-400">(optional)</span>
        </label>
        <input
          id={emailId}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          className={inputClasses}
        />
      </div>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={phase === 'sending'}>
          {phase === 'sending' ? 'Sending...' : 'Send Feedback'}
        </Button>
      </div>
    </form>
  );
}
