import { REPORT_REASON_LABELS, ResolveReportInput, type AdminReport, type ReportAction } from '@carpool/shared/schemas/trust';
import { useFormState, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { Field, FieldMessage } from '../../../components/form/field';
import { Form } from '../../../components/form/form';
import { FormError } from '../../../components/form/form-error';
import { serverMessage, useZodForm, type ZodForm } from '../../../components/form/use-zod-form';
import { Button } from '../../../components/ui/button';
import { formatLocalDateTime } from '../../../lib/local-date-time';
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
      <p className={`${mutedClasses} mt-1`}>{formatLocalDateTime(report.createdAt)}</p>
      {open ? (
        <ResolveForm report={report} />
      ) : (
        report.resolutionNote && <p className={`${mutedClasses} mt-2`}>Note: {report.resolutionNote}</p>
      )}
    </article>
  );
}

/** A note and the action: each action button sends the form with its action (ResolveReportInput). */
function ResolveForm({ report }: { report: AdminReport }) {
  const resolve = useResolveReport();
  const form = useZodForm(ResolveReportInput, {
    defaultValues: { action: undefined, note: '' },
    messages: { action: 'Choose what to do about the report.' },
  });
  const onSubmit = async ({ action, note }: ResolveReportInput) => {
    try {
      await resolve.mutateAsync({ id: report.id, action, note });
    } catch (failure) {
      form.showFailure(failure, serverMessage(failure, 'Something went wrong. Please try again.'));
    }
  };
  const actionErrorId = `${report.id}-action-error`;
  const actions = ACTIONS.filter(({ action }) => action !== 'hide_content' || report.targetType !== 'user');
  return (
    <Form form={form} onSubmit={onSubmit} aria-label={`Resolve the report about ${report.targetUser.name}`} className="mt-3 flex flex-col gap-2">
      <Field name="note" label="Note" optional>
        {(control) => <input {...control} className={inputClasses} maxLength={1000} {...form.register('note')} />}
      </Field>
      <div role="group" aria-label="Action" aria-describedby={form.formState.errors.action ? actionErrorId : undefined} className="flex flex-wrap gap-2">
        {actions.map(({ action, label, variant }) => (
          <ActionButton key={action} form={form} action={action} variant={variant} onSubmit={onSubmit}>
            {label}
          </ActionButton>
        ))}
      </div>
      <FieldMessage name="action" id={actionErrorId} />
      <FormError />
    </Form>
  );
}

/**
 * One action of the resolve form. Not a submit button: Enter in the note must not pick an action
 * for the admin (the form then says to choose one); a click sets the action and sends the form.
 */
function ActionButton({
  form,
  action,
  variant,
  onSubmit,
  children,
}: {
  form: ZodForm<typeof ResolveReportInput>;
  action: ReportAction;
  variant: 'secondary' | 'danger';
  onSubmit: (values: ResolveReportInput) => Promise<void>;
  children: string;
}) {
  const { isSubmitting } = useFormState({ control: form.control });
  const chosen = useWatch({ control: form.control, name: 'action' });
  const busy = isSubmitting && chosen === action;
  return (
    <Button
      size="sm"
      variant={variant}
      disabled={isSubmitting}
      aria-busy={busy || undefined}
      onClick={() => {
        form.setValue('action', action);
        void form.handleSubmit(onSubmit)();
      }}
    >
      {busy ? 'Resolving...' : children}
    </Button>
  );
}
