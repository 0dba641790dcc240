import { VERIFICATION_DOCUMENT_FIELDS, verificationFieldsFormSchema, type VerificationDocumentField } from '@carpool/shared/schemas/verification';
import { TEXTS } from '@carpool/shared/texts';
import { z } from 'zod';
import { Field } from '../../../components/form/field';
import { Form } from '../../../components/form/form';
import { controlClasses } from '../../../components/form/form-classes';
import { FormError } from '../../../components/form/form-error';
import { SubmitButton } from '../../../components/form/submit-button';
import { useZodForm } from '../../../components/form/use-zod-form';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useToast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { useUploadVerificationDocs } from '../api/upload-verification-docs';
import { checkImageFile } from '../utils/avatar-file';
import { fileInputClasses } from './form-classes';

const DOCUMENT_LABELS: Record<VerificationDocumentField, string> = {
  licenseFront: "Driver's license (front)",
  licenseBack: "Driver's license (back)",
  insurance: 'Insurance document',
};

/**
 * One document image: chosen, an image, at most 5 MB (checkImageFile). The server checks the
 * bytes themselves; this spares a pointless upload.
 */
function documentFile(field: VerificationDocumentField) {
  return z.custom<FileList | undefined>().transform((list, context) => {
    const file = list?.[0];
    const problem = file ? checkImageFile(file) : `Please choose the ${DOCUMENT_LABELS[field].toLowerCase()}`;
    if (!file || problem) {
      context.addIssue({ code: 'custom', message: problem ?? '' });
      return z.NEVER;
    }
    return file;
  });
}

/** The dates by the shared schema, the three images by the checks above. */
function verificationFormSchema(today: string) {
  return verificationFieldsFormSchema(today).extend({
    licenseFront: documentFile('licenseFront'),
    licenseBack: documentFile('licenseBack'),
    insurance: documentFile('insurance'),
  });
}
type VerificationForm = z.output<ReturnType<typeof verificationFormSchema>>;

interface VerificationDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Spec section 2: the three document images (required), two expiration dates, Cancel and Submit. */
export function VerificationDialog({ open, onClose }: VerificationDialogProps) {
  return (
    <Modal open={open} onClose={onClose} title="Driver Verification" size="md">
      {open ? <VerificationForm onDone={onClose} /> : null}
    </Modal>
  );
}

function VerificationForm({ onDone }: { onDone: () => void }) {
  const { showToast } = useToast();
  const upload = useUploadVerificationDocs();
  const today = new Date().toISOString().slice(0, 10);
  const form = useZodForm(verificationFormSchema(today), {
    defaultValues: { licenseExpiration: '', insuranceExpiration: '', licenseFront: undefined, licenseBack: undefined, insurance: undefined },
  });

  const onSubmit = async ({ licenseFront, licenseBack, insurance, licenseExpiration, insuranceExpiration }: VerificationForm) => {
    try {
      await upload.mutateAsync({
        files: { licenseFront, licenseBack, insurance },
        licenseExpiration: licenseExpiration ?? '',
        insuranceExpiration: insuranceExpiration ?? '',
      });
    } catch (failure) {
      form.showFailure(
        failure,
        isApiError(failure) && failure.status >= 400 && failure.status < 500 ? `${TEXTS.uploadDocumentsFailed}: ${failure.message}` : TEXTS.uploadDocumentsFailed,
      );
      return;
    }
    showToast({ message: 'Documents submitted. We will review them shortly.', tone: 'success' });
    onDone();
  };

  return (
    <Form form={form} onSubmit={onSubmit} className="flex flex-col gap-5">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Upload clear photos of your driver&apos;s license and insurance. Only you and our review team can see them.
      </p>
      {VERIFICATION_DOCUMENT_FIELDS.map((field) => (
        <Field
          key={field}
          name={field}
          label={
            <>
              {DOCUMENT_LABELS[field]} <span aria-hidden="true" className="text-red-600">*</span>
            </>
          }
        >
          {(control) => <input {...control} type="file" accept="image/*" required className={fileInputClasses} {...form.register(field)} />}
        </Field>
      ))}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field name="licenseExpiration" label="License expiration date">
          {(control) => <input {...control} type="date" min={today} className={controlClasses} {...form.register('licenseExpiration')} />}
        </Field>
        <Field name="insuranceExpiration" label="Insurance expiration date">
          {(control) => <input {...control} type="date" min={today} className={controlClasses} {...form.register('insuranceExpiration')} />}
        </Field>
      </div>
      <FormError />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <SubmitButton pendingText={TEXTS.profile.uploading}>Submit</SubmitButton>
      </div>
    </Form>
  );
}
