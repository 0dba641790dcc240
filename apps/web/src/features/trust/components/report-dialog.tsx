import { CreateReportInput, REPORT_DETAILS_MAX, REPORT_REASONS, REPORT_REASON_LABELS, type ReportTargetType } from '@carpool/shared/schemas/trust';
import { useWatch } from 'react-hook-form';
import { Field } from '../../../components/form/field';
import { Form } from '../../../components/form/form';
import { controlClasses, textareaClasses } from '../../../components/form/form-classes';
import { FormError } from '../../../components/form/form-error';
import { SubmitButton } from '../../../components/form/submit-button';
import { useZodForm } from '../../../components/form/use-zod-form';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useToast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { useReport } from '../api/trust-api';

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
  const form = useZodForm(CreateReportInput, { defaultValues: { targetType, targetId, reason: 'harassment', details: '' } });
  const details = useWatch({ control: form.control, name: 'details' }) ?? '';

  const onSubmit = async (values: CreateReportInput) => {
    try {
      // The reported thing is the dialog's, as it is now (the form may outlive a change of target).
      await report.mutateAsync({ ...values, targetType, targetId });
    } catch (error) {
      form.showFailure(error, isApiError(error) && error.status !== 0 ? error.message : 'The report could not be sent. Please try again.');
      return;
    }
    showToast({ message: 'Thank you. Your report was sent to the administrators.', tone: 'success' });
    form.setValue('details', '');
    onClose();
  };

  return (
    <Modal open={open} onClose={onClose} title={`Report ${subject}`} size="sm">
      <Form form={form} onSubmit={onSubmit} className="flex flex-col gap-4">
        <Field name="reason" label="Reason">
          {(control) => (
            <select {...control} className={controlClasses} {...form.register('reason')}>
              {REPORT_REASONS.map((item) => (
                <option key={item} value={item}>
                  {REPORT_REASON_LABELS[item]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          name="details"
          label="Details (optional)"
          hint={
            <span>
              {details.length}/{REPORT_DETAILS_MAX}
            </span>
          }
        >
          {(control) => <textarea {...control} rows={4} maxLength={REPORT_DETAILS_MAX} className={textareaClasses} {...form.register('details')} />}
        </Field>
        <FormError />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <SubmitButton variant="danger" pendingText="Sending...">
            Send report
          </SubmitButton>
        </div>
      </Form>
    </Modal>
  );
}
