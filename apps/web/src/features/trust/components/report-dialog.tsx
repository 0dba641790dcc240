import { CreateReportInput, REPORT_DETAILS_MAX, REPORT_REASONS, REPORT_REASON_LABELS, type ReportReason, type ReportTargetType } from '@carpool/shared/schemas/trust';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useToast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { useReport } from '../api/trust-api';

const fieldClasses =
  'mt-1 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 dark:border-slate-600 dark:bg-slate-800 dark:text-white';

/** The report form: a reason, optional details, checked with the shared schema before sending. */
export function ReportDialog({
  open,
  onClose,
  targetType,
  targetId,
  subject,
}: {
  open: boolean;
  onClose: () => void;
  targetType: ReportTargetType;
  targetId: string;
  /** What is reported, for the title ("Ann Archer", "this ride"). */
  subject: string;
}) {
  const report = useReport();
  const { showToast } = useToast();
  const [reason, setReason] = useState<ReportReason>('harassment');
  const [details, setDetails] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = () => {
    const parsed = CreateReportInput.safeParse({ targetType, targetId, reason, details });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Please check the form');
      return;
    }
    setProblem(null);
    report.mutate(parsed.data, {
      onSuccess: () => {
        showToast({ message: 'Thank you. Your report was sent to the administrators.', tone: 'success' });
        setDetails('');
        onClose();
      },
      onError: (error) => setProblem(isApiError(error) && error.status !== 0 ? error.message : 'The report could not be sent. Please try again.'),
    });
  };

  return (
    <Modal open={open} onClose={onClose} title={`Report ${subject}`} size="sm">
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label className="text-sm font-semibold text-slate-800 dark:text-slate-100">
          Reason
          <select className={fieldClasses} value={reason} onChange={(event) => setReason(event.target.value as ReportReason)}>
            {REPORT_REASONS.map((item) => (
              <option key={item} value={item}>
                {REPORT_REASON_LABELS[item]}
              </option>
            ))}
          </select>
        </label>
        <div>
          <label className="text-sm font-semibold text-slate-800 dark:text-slate-100">
            Details (optional)
            <textarea className={fieldClasses} rows={4} maxLength={REPORT_DETAILS_MAX} value={details} onChange={(event) => setDetails(event.target.value)} />
          </label>
          <span className="mt-1 block text-xs text-slate-500 dark:text-slate-400">
            {details.length}/{REPORT_DETAILS_MAX}
          </span>
        </div>
        {problem && (
          <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
            {problem}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={report.isPending}>
            Send report
          </Button>
        </div>
      </form>
    </Modal>
  );
}
