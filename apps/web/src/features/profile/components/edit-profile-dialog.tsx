import { zodResolver } from '@hookform/resolvers/zod';
import { PREFERENCE_LABELS, UpdateProfileInput, type SessionUser } from '@carpool/shared/schemas/users';
import { TEXTS } from '@carpool/shared/texts';
import { useId, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useToast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { useUpdateProfile } from '../api/update-profile';
import { useUploadAvatar } from '../api/upload-avatar';
import { checkImageFile } from '../utils/avatar-file';
import { PREFERENCE_KEYS } from '../../../lib/preferences';
import { errorClasses, fileInputClasses, inputClasses, labelClasses } from './form-classes';

type FormValues = z.input<typeof UpdateProfileInput>;

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
        <p role="alert" className={`mt-2 ${errorClasses}`}>
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

function EditProfileForm({ user, onDone }: { user: SessionUser; onDone: () => void }) {
  const { showToast } = useToast();
  const save = useUpdateProfile();
  const [saveError, setSaveError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FormValues, unknown, UpdateProfileInput>({
    resolver: zodResolver(UpdateProfileInput),
    defaultValues: { name: user.name, email: user.email, bio: user.bio, preferences: user.preferences },
  });

  const onSubmit = handleSubmit((values) => {
    setSaveError(null);
    // The avatar is left out: it changes only through the upload above.
    save.mutate(
      { name: values.name, email: values.email, bio: values.bio ?? '', preferences: values.preferences },
      {
        onSuccess: () => {
          showToast({ message: 'Profile updated', tone: 'success' });
          onDone();
        },
        onError: (failure) => setSaveError(failureText(TEXTS.updateProfileFailed, failure)),
      },
    );
  });

  const ids = { name: useId(), email: useId(), bio: useId() };
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <div>
        <label htmlFor={ids.name} className={labelClasses}>
          Name
        </label>
        <input id={ids.name} type="text" required autoComplete="name" aria-invalid={errors.name ? true : undefined} className={inputClasses} {...register('name')} />
        {errors.name ? <p className={`mt-1 ${errorClasses}`}>Name is required</p> : null}
      </div>
      <div>
        <label htmlFor={ids.email} className={labelClasses}>
          E-mail
        </label>
        <input id={ids.email} type="email" required autoComplete="email" aria-invalid={errors.email ? true : undefined} className={inputClasses} {...register('email')} />
        {errors.email ? <p className={`mt-1 ${errorClasses}`}>Enter a valid e-mail address</p> : null}
      </div>
      <AvatarField user={user} />
      <div>
        <label htmlFor={ids.bio} className={labelClasses}>
          Bio
        </label>
        <textarea id={ids.bio} rows={4} placeholder={TEXTS.profile.bioPlaceholder} className={inputClasses} {...register('bio')} />
        {errors.bio ? <p className={`mt-1 ${errorClasses}`}>{errors.bio.message}</p> : null}
      </div>
      <fieldset>
        <legend className={labelClasses}>Ride preferences</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {PREFERENCE_KEYS.map((key) => (
            <label
              key={key}
              className="flex cursor-pointer items-center gap-3 rounded-xl border border-slate-200 px-3 py-2.5 text-sm font-medium text-slate-800 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 dark:border-slate-700 dark:text-slate-100 dark:has-[:checked]:bg-brand-950/50"
            >
              <input type="checkbox" className="h-4 w-4 accent-brand-600" {...register(`preferences.${key}`)} />
              Okay with {PREFERENCE_LABELS[key]}
            </label>
          ))}
        </div>
      </fieldset>
      {saveError ? (
        <p role="alert" className={errorClasses}>
          {saveError}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? TEXTS.profile.saving : TEXTS.profile.saveChanges}
        </Button>
      </div>
    </form>
  );
}
