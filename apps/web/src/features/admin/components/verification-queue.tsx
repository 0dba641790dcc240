import { RejectVerificationFormInput } from '@carpool/shared/schemas/trust';
import type { VerificationSubmission } from '@carpool/shared/schemas/verification';
import { Field } from '../../../components/form/field';
import { Form } from '../../../components/form/form';
import { FormError } from '../../../components/form/form-error';
import { SubmitButton } from '../../../components/form/submit-button';
import { serverMessage, useZodForm } from '../../../components/form/use-zod-form';
import { Button } from '../../../components/ui/button';
import { formatLocalDateTime } from '../../../lib/local-date-time';
import { useAdminVerifications, useDecideVerification } from '../api/admin-api';
import { ActionError } from './action-error';
import { cardClasses, inputClasses, mutedClasses } from './admin-classes';
import { PrivateImage } from './private-image';

export function VerificationQueue() {
  const query = useAdminVerifications('pending');
  if (query.isPending) return <p className={mutedClasses}>Loading the queue...</p>;
  if (query.isError) return <ActionError error={query.error} />;
  if (query.data.length === 0) return <p className={mutedClasses}>No submissions are waiting for a decision.</p>;
  return (
    <ul className="flex flex-col gap-4">
      {query.data.map((submission) => (
        <li key={submission.id}>
          <SubmissionCard submission={submission} />
        </li>
      ))}
    </ul>
  );
}

function SubmissionCard({ submission }: { submission: VerificationSubmission }) {
  const approve = useDecideVerification();
  const reject = useDecideVerification();
  const form = useZodForm(RejectVerificationFormInput, {
    defaultValues: { reason: '' },
    messages: { reason: { too_small: 'Give the driver a reason for the rejection.' } },
  });
  const onReject = async ({ reason }: RejectVerificationFormInput) => {
    try {
      await reject.mutateAsync({ id: submission.id, decision: 'reject', reason });
    } catch (failure) {
      form.showFailure(failure, serverMessage(failure, 'Something went wrong. Please try again.'));
    }
  };
  return (
    <article className={cardClasses} aria-label={`Verification of ${submission.user.name}`}>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-bold text-slate-900 dark:text-white">{submission.user.name}</h2>
        <span className={mutedClasses}>
          {submission.user.email} · sent {formatLocalDateTime(submission.createdAt)}
        </span>
      </div>
      <p className={`${mutedClasses} mb-3`}>
        License expires {submission.licenseExpiration ?? 'not given'} · insurance expires {submission.insuranceExpiration ?? 'not given'}
      </p>
      <div className="grid gap-3 sm:grid-cols-3">
        <figure>
          <PrivateImage src={submission.documents.licenseFront} alt="License, front" />
          <figcaption className={`${mutedClasses} mt-1`}>License, front</figcaption>
        </figure>
        <figure>
          <PrivateImage src={submission.documents.licenseBack} alt="License, back" />
          <figcaption className={`${mutedClasses} mt-1`}>License, back</figcaption>
        </figure>
        <figure>
          <PrivateImage src={submission.documents.insurance} alt="Insurance" />
          <figcaption className={`${mutedClasses} mt-1`}>Insurance</figcaption>
        </figure>
      </div>
      <Form form={form} onSubmit={onReject} aria-label={`Reject the verification of ${submission.user.name}`} className="mt-4 flex flex-col gap-2">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
          <Field name="reason" label="Reason for a rejection (the driver sees it)" className="flex-1">
            {(control) => <input {...control} className={inputClasses} maxLength={1000} {...form.register('reason')} />}
          </Field>
          <div className="flex gap-2 sm:mt-7">
            <Button disabled={approve.isPending || reject.isPending} onClick={() => approve.mutate({ id: submission.id, decision: 'approve' })}>
              Approve
            </Button>
            <SubmitButton variant="danger" disabled={approve.isPending} pendingText="Rejecting...">
              Reject
            </SubmitButton>
          </div>
        </div>
        <FormError />
      </Form>
      <ActionError error={approve.error} />
    </article>
  );
}
