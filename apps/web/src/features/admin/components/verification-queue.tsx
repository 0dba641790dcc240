import type { VerificationSubmission } from '@carpool/shared/schemas/verification';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
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
  const decide = useDecideVerification();
  const [reason, setReason] = useState('');
  return (
    <article className={cardClasses} aria-label={`Verification of ${submission.user.name}`}>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-bold text-slate-900 dark:text-white">{submission.user.name}</h2>
        <span className={mutedClasses}>
          {submission.user.email} · sent {new Date(submission.createdAt).toLocaleString()}
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
      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-end">
        <label className="flex-1 text-sm font-semibold text-slate-800 dark:text-slate-100">
          Reason for a rejection (the driver sees it)
          <input className={`${inputClasses} mt-1`} value={reason} maxLength={1000} onChange={(event) => setReason(event.target.value)} />
        </label>
        <div className="flex gap-2">
          <Button disabled={decide.isPending} onClick={() => decide.mutate({ id: submission.id, decision: 'approve' })}>
            Approve
          </Button>
          <Button variant="danger" disabled={decide.isPending || reason.trim() === ''} onClick={() => decide.mutate({ id: submission.id, decision: 'reject', reason })}>
            Reject
          </Button>
        </div>
      </div>
      <ActionError error={decide.error} />
    </article>
  );
}
