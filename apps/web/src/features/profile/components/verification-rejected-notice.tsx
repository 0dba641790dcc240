import { TEXTS } from '@carpool/shared/texts';
import { useMyVerification } from '../api/get-my-verification';

/** Tells a rejected applicant why, on their own profile; they can apply again from the summary above. */
export function VerificationRejectedNotice({ rejected }: { rejected: boolean }) {
  const query = useMyVerification(rejected);
  if (!rejected) return null;
  const submission = query.data?.submission;
  const reason = submission?.status === 'rejected' ? submission.rejectReason : null;
  return (
    <section
      aria-labelledby="verification-rejected"
      className="rounded-3xl bg-amber-50 p-5 text-amber-950 ring-1 ring-amber-200 sm:p-6 dark:bg-amber-950/40 dark:text-amber-100 dark:ring-amber-900"
    >
      <h2 id="verification-rejected" className="text-lg font-bold">
        Your driver verification was not approved
      </h2>
      {query.isPending ? null : reason ? (
        <p className="mt-1 text-sm">
          Reason from the administrators: <span className="font-semibold">{reason}</span>
        </p>
      ) : (
        <p className="mt-1 text-sm">{query.isError ? 'The reason could not be loaded.' : 'The administrators gave no reason.'}</p>
      )}
      <p className="mt-1 text-sm">You can submit your documents again with {TEXTS.profile.becomeVerifiedDriver}.</p>
    </section>
  );
}
