import { TEXTS } from '@carpool/shared/texts';
import { Suspense, useState } from 'react';
import { DialogLoading, DialogUnavailable } from '../../../components/ui/dialog-loading';
import { lazyWithReload } from '../../../lib/lazy-with-reload';

// The form is loaded when the footer's link is first used.
const FeedbackDialog = lazyWithReload(() => import('./feedback-dialog').then((module) => module.FeedbackDialog), DialogUnavailable);

/** The footer's way to the Feedback form. */
export function FeedbackLink({ className = '' }: { className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={className}>
        {TEXTS.feedbackTitle}
      </button>
      {open ? (
        <Suspense fallback={<DialogLoading />}>
          <FeedbackDialog open onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
