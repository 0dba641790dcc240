import { TEXTS } from '@carpool/shared/texts';
import { useState } from 'react';
import { FeedbackDialog } from './feedback-dialog';

/** The footer's way to the Feedback form. */
export function FeedbackLink({ className = '' }: { className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={className}>
        {TEXTS.feedbackTitle}
      </button>
      <FeedbackDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
