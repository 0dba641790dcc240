import { REPORT_REASON_LABELS, type AdminReport, type ReportAction } from '@carpool/shared/schemas/trust';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useRegion } from '../../../lib/region';
import { useAdminReports, useResolveReport } from '../api/admin-api';
import { ActionError } from './action-error';
import { badgeClasses, cardClasses, inputClasses, mutedClasses } from './admin-classes';

const ACTIONS: { action: ReportAction; label: string; variant: 'secondary' | 'danger' }[] = [
  { action: 'dismiss', label: 'Dismiss', variant: 'secondary' },
  { action: 'warn', label: 'Warn', variant: 'secondary' },
  { action: 'hide_content', label: 'Hide content', variant: 'secondary' },
  { action: 'suspend_user', label: 'Suspend user', variant: 'danger' },
];

const TARGET_LABELS: Record<AdminReport['targetType'], string> = {
  user: 'User',
  ride: 'Ride',
  ride_request: 'Ride request',
  message: 'Ride chat message',
  direct_message: 'Direct message',
};

export function ReportsQueue() {
  const query = useAdminReports('all');
  if (query.isPending) return <p className={mutedClasses}>Loading reports...</p>;
  if (query.isError) return <ActionError error={query.error} />;
  if (query.data.reports.length === 0) return <p className={mutedClasses}>No reports yet.</p>;
  return (
    <ul className="flex flex-col gap-4">
      {query.data.reports.map((report) => (
        <li key={report.id}>
          <ReportCard report={report} />
        </li>
      ))}
    </ul>
  );
}

function ReportCard({ report }: { report: AdminReport }) {
  const { toPath } = useRegion();
  const resolve = useResolveReport();
  const [note, setNote] = useState('');
  const open = report.status === 'open';
  return (
    <article className={cardClasses} aria-label={`Report about ${report.targetUser.name}`}>
      <div className="flex flex-wrap items-center gap-2">
        <span className={`${badgeClasses} ${open ? 'bg-amber-100 text-amber-800' : 'bg-slate-100 text-slate-700'}`}>
          {open ? 'Open' : `Resolved: ${report.action?.replace('_', ' ')}`}
        </span>
        <span className={`${badgeClasses} bg-brand-50 text-brand-700`}>{TARGET_LABELS[report.targetType]}</span>
        <span className={`${badgeClasses} bg-red-50 text-red-700`}>{REPORT_REASON_LABELS[report.reason]}</span>
        {report.targetUser.suspended && <span className={`${badgeClasses} bg-red-600 text-white`}>Suspended</span>}
      </div>
      <p className="mt-2 text-slate-900 dark:text-white">
        <Link className="font-semibold underline" to={toPath(`/profile/${report.reporter.id}`)}>
          {report.reporter.name}
        </Link>{' '}
        reported{' '}
        <Link className="font-semibold underline" to={toPath(`/profile/${report.targetUser.id}`)}>
          {report.targetUser.name}
        </Link>{' '}
        <span className={mutedClasses}>({report.targetUser.email})</span>
      </p>
      {report.targetSummary && (
        <blockquote className="mt-2 rounded-xl bg-slate-50 p-3 text-sm text-slate-800 dark:bg-slate-800 dark:text-slate-100">
          {report.targetSummary}
        </blockquote>
      )}
      {report.details && <p className="mt-2 text-sm text-slate-700 dark:text-slate-200">“{report.details}”</p>}
      <p className={`${mutedClasses} mt-1`}>{new Date(report.createdAt).toLocaleString()}</p>
      {open ? (
        <div className="mt-3 flex flex-col gap-2">
          <label className="text-sm font-semibold text-slate-800 dark:text-slate-100">
            Note
            <input className={`${inputClasses} mt-1`} value={note} maxLength={1000} onChange={(event) => setNote(event.target.value)} />
          </label>
          <div className="flex flex-wrap gap-2">
            {ACTIONS.filter(({ action }) => action !== 'hide_content' || report.targetType !== 'user').map(({ action, label, variant }) => (
              <Button key={action} size="sm" variant={variant} disabled={resolve.isPending} onClick={() => resolve.mutate({ id: report.id, action, note })}>
                {label}
              </Button>
            ))}
          </div>
          <ActionError error={resolve.error} />
        </div>
      ) : (
        report.resolutionNote && <p className={`${mutedClasses} mt-2`}>Note: {report.resolutionNote}</p>
      )}
    </article>
  );
}
