import { FEEDBACK_MAX_CHARS } from '@carpool/shared/constants';
import { TEXTS } from '@carpool/shared/texts';
import { FeedbackInput } from '@carpool/shared/schemas/feedback';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Field } from '../../../components/form/field';
import { Form } from '../../../components/form/form';
import { controlClasses, textareaClasses } from '../../../components/form/form-classes';
import { FormError } from '../../../components/form/form-error';
import { SubmitButton } from '../../../components/form/submit-button';
import { useZodForm } from '../../../components/form/use-zod-form';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useSession } from '../../../lib/session';
import { useSendFeedback } from '../api/send-feedback';

/** Spec section 4: editing -> sending -> sent. */
type FeedbackPhase = 'editing' | 'sending' | 'sent';

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
  const [sent, setSent] = useState(false);
  const form = useZodForm(FeedbackInput, {
    // Spec section 3: the optional e-mail is prefilled from the account.
    defaultValues: { comment: '', email: user?.email ?? '' },
    messages: { comment: { too_small: 'Please write your feedback first.' } },
  });
  const comment = useWatch({ control: form.control, name: 'comment' });
  const phase: FeedbackPhase = sent ? 'sent' : form.formState.isSubmitting ? 'sending' : 'editing';

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

  const onSubmit = async (values: FeedbackInput) => {
    try {
      await send.mutateAsync(values);
      setSent(true);
    } catch (failure) {
      form.showFailure(failure, TEXTS.feedbackFailed);
    }
  };

  return (
    <Form form={form} onSubmit={onSubmit} className="flex flex-col gap-5">
      <p className="text-sm text-slate-600 dark:text-slate-300">Tell us what works, what doesn&apos;t, and what you would like to see.</p>
      <Field
        name="comment"
        label="Comment"
        hint={
          <span className="block text-right">
            {(comment ?? '').length}/{FEEDBACK_MAX_CHARS}
          </span>
        }
      >
        {(control) => <textarea {...control} rows={5} maxLength={FEEDBACK_MAX_CHARS} className={textareaClasses} {...form.register('comment')} />}
      </Field>
      <Field name="email" label="E-mail" optional>
        {(control) => <input {...control} type="email" autoComplete="email" className={controlClasses} {...form.register('email')} />}
      </Field>
      <FormError />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <SubmitButton pendingText="Sending...">Send Feedback</SubmitButton>
      </div>
    </Form>
  );
}
