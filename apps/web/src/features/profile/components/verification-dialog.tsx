import { VERIFICATION_DOCUMENT_FIELDS, type VerificationDocumentField } from '@carpool/shared/schemas/verification';
import { TEXTS } from '@carpool/shared/texts';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useToast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { useUploadVerificationDocs } from '../api/upload-verification-docs';
import { checkImageFile } from '../utils/avatar-file';
import { errorClasses, fileInputClasses, inputClasses, labelClasses } from './form-classes';

const DOCUMENT_LABELS: Record<VerificationDocumentField, string> = {
  licenseFront: "Driver's license (front)",
  licenseBack: "Driver's license (back)",
  insurance: 'Insurance document',
};

type Files = Partial<Record<VerificationDocumentField, File>>;

/** Which message the form shows before sending, or null when it may be sent. */
export function checkVerificationFiles(files: Files): string | null {
  for (const field of VERIFICATION_DOCUMENT_FIELDS) {
    const file = files[field];
    if (!file) return `Please choose the ${DOCUMENT_LABELS[field].toLowerCase()}`;
    const problem = checkImageFile(file);
    if (problem) return `${DOCUMENT_LABELS[field]}: ${problem}`;
  }
  return null;
}

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
  const [files, setFiles] = useState<Files>({});
  const [dates, setDates] = useState({ licenseExpiration: '', insuranceExpiration: '' });
  const [error, setError] = useState<string | null>(null);
  const baseId = useId();
  const today = new Date().toISOString().slice(0, 10);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkVerificationFiles(files);
    setError(problem);
    if (problem) return;
    upload.mutate(
      { files: files as Record<VerificationDocumentField, File>, ...dates },
      {
        onSuccess: () => {
          showToast({ message: 'Documents submitted. We will review them shortly.', tone: 'success' });
          onDone();
        },
        onError: (failure) =>
          setError(
            isApiError(failure) && failure.status >= 400 && failure.status < 500
              ? `${TEXTS.uploadDocumentsFailed}: ${failure.message}`
              : TEXTS.uploadDocumentsFailed,
          ),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Upload clear photos of your driver&apos;s license and insurance. Only you and our review team can see them.
      </p>
      {VERIFICATION_DOCUMENT_FIELDS.map((field) => (
        <div key={field}>
          <label htmlFor={`${baseId}-${field}`} className={labelClasses}>
            {DOCUMENT_LABELS[field]} <span aria-hidden="true" className="text-red-600">*</span>
          </label>
          <input
            id={`${baseId}-${field}`}
            type="file"
            accept="image/*"
            required
            className={fileInputClasses}
            onChange={(event) => {
              const file = event.target.files?.[0];
              setFiles((current) => ({ ...current, [field]: file }));
            }}
          />
        </div>
      ))}
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${baseId}-license-expiration`} className={labelClasses}>
            License expiration date
          </label>
          <input
            id={`${baseId}-license-expiration`}
            type="date"
            min={today}
            value={dates.licenseExpiration}
            onChange={(event) => setDates((current) => ({ ...current, licenseExpiration: event.target.value }))}
            className={inputClasses}
          />
        </div>
        <div>
          <label htmlFor={`${baseId}-insurance-expiration`} className={labelClasses}>
            Insurance expiration date
          </label>
          <input
            id={`${baseId}-insurance-expiration`}
            type="date"
            min={today}
            value={dates.insuranceExpiration}
            onChange={(event) => setDates((current) => ({ ...current, insuranceExpiration: event.target.value }))}
            className={inputClasses}
          />
        </div>
      </div>
      {error ? (
        <p role="alert" className={errorClasses}>
          {error}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={upload.isPending}>
          {upload.isPending ? TEXTS.profile.uploading : 'Submit'}
        </Button>
      </div>
    </form>
  );
}
