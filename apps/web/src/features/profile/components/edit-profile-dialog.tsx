import { PREFERENCE_LABELS } from '@carpool/shared/constants';
import { UpdateProfileInput, type SessionUser } from '@carpool/shared/schemas/users';
import { TEXTS } from '@carpool/shared/texts';
import { useId, useState, type ChangeEvent } from 'react';
import { Field } from '../../../components/form/field';
import { Form } from '../../../components/form/form';
import { controlClasses, fieldErrorClasses, labelClasses, textareaClasses } from '../../../components/form/form-classes';
import { FormError } from '../../../components/form/form-error';
import { SubmitButton } from '../../../components/form/submit-button';
import { useZodForm } from '../../../components/form/use-zod-form';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useToast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { useUpdateProfile } from '../api/update-profile';
import { useUploadAvatar } from '../api/upload-avatar';
import { checkImageFile } from '../utils/avatar-file';
import { PREFERENCE_KEYS } from '../../../lib/preferences';
import { fileInputClasses } from './form-classes';

/** The server's reason when it gave one that helps (the e-mail rule), after the spec's text. */
function failureText(base: string, error: unknown): string {
  return isApiError(error) && error.status >= 400 && error.status < 500 ? `${base}: ${error.message}` : base;
}

function AvatarField({ user }: { user: SessionUser }) {
  const inputId = useId();
  const hintId = useId();
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadAvatar();

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = checkImageFile(file);
    setError(problem);
    if (problem) return;
    upload.mutate(file, { onError: (failure) => setError(failureText(TEXTS.uploadImageFailed, failure)) });
  };

  return (
    <div>
      <label htmlFor={inputId} className={labelClasses}>
        Profile picture
      </label>
      <div className="flex items-center gap-4">
        <Avatar name={user.name} src={user.avatar} color={user.avatarColor} size="lg" />
        <div className="min-w-0 flex-1">
          <input
            id={inputId}
            type="file"
            accept="image/*"
            onChange={onChange}
            disabled={upload.isPending}
            aria-describedby={hintId}
            className={fileInputClasses}
          />
          <p id={hintId} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
            {upload.isPending ? TEXTS.profile.uploading : TEXTS.profile.imageUploadHint}
          </p>
        </div>
      </div>
      {error ? (
        <p role="alert" className={fieldErrorClasses}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface EditProfileDialogProps {
  open: boolean;
  onClose: () => void;
  user: SessionUser;
}

/** Spec section 2, Edit form: name, e-mail, picture, bio, four preferences, Cancel and Save Changes. */
export function EditProfileDialog({ open, onClose, user }: EditProfileDialogProps) {
  return (
    <Modal open={open} onClose={onClose} title={TEXTS.profile.editProfile} size="md">
      {open ? <EditProfileForm user={user} onDone={onClose} /> : null}
    </Modal>
  );
}

/** The form's words where the shared schema's rule needs them (spec section 2's edit form). */
const PROFILE_MESSAGES = {
  name: { too_small: 'Name is required' },
} as const;

/** Reads as a value that is shown, not asked for. */
const readOnlyControlClasses = `${controlClasses} read-only:bg-slate-100 read-only:text-slate-600 dark:read-only:bg-slate-900 dark:read-only:text-slate-300`;

function EditProfileForm({ user, onDone }: { user: SessionUser; onDone: () => void }) {
  const { showToast } = useToast();
  const save = useUpdateProfile();
  const form = useZodForm(UpdateProfileInput, {
    defaultValues: { name: user.name, email: user.email, bio: user.bio, preferences: user.preferences },
    messages: PROFILE_MESSAGES,
  });

  const onSubmit = async (values: UpdateProfileInput) => {
    try {
      // The avatar is left out: it changes only through the upload above.
      await save.mutateAsync({ name: values.name, email: user.email, bio: values.bio ?? '', preferences: values.preferences });
    } catch (failure) {
      form.showFailure(failure, failureText(TEXTS.updateProfileFailed, failure));
      return;
    }
    showToast({ message: 'Profile updated', tone: 'success' });
    onDone();
  };

  return (
    <Form form={form} onSubmit={onSubmit} className="flex flex-col gap-5">
      <Field name="name" label="Name">
        {(props) => <input {...props} type="text" required autoComplete="name" className={controlClasses} {...form.register('name')} />}
      </Field>
      {/* The e-mail is the signed-in identity the domain rule checked; the server refuses any other. */}
      <Field name="email" label="E-mail" hint={TEXTS.profile.emailFromSignIn}>
        {(props) => <input {...props} type="email" readOnly className={readOnlyControlClasses} {...form.register('email')} />}
      </Field>
      <AvatarField user={user} />
      <Field name="bio" label="Bio">
        {(props) => <textarea {...props} rows={4} placeholder={TEXTS.profile.bioPlaceholder} className={textareaClasses} {...form.register('bio')} />}
      </Field>
      <fieldset>
        <legend className={labelClasses}>Ride preferences</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {PREFERENCE_KEYS.map((key) => (
            <label
              key={key}
              className="flex cursor-pointer items-center gap-3 rounded-xl border border-slate-200 px-3 py-2.5 text-sm font-medium text-slate-800 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 dark:border-slate-700 dark:text-slate-100 dark:has-[:checked]:bg-brand-950/50"
            >
              <input type="checkbox" className="h-4 w-4 accent-brand-600" {...form.register(`preferences.${key}`)} />
              Okay with {PREFERENCE_LABELS[key]}
            </label>
          ))}
        </div>
      </fieldset>
      <FormError />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <SubmitButton pendingText={TEXTS.profile.saving}>{TEXTS.profile.saveChanges}</SubmitButton>
      </div>
    </Form>
  );
}
