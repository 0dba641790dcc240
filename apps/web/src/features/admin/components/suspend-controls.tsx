import { SuspendUserInput, type AdminUser } from '@carpool/shared/schemas/trust';
import { Field } from '../../../components/form/field';
import { Form } from '../../../components/form/form';
import { FormError } from '../../../components/form/form-error';
import { SubmitButton } from '../../../components/form/submit-button';
import { serverMessage, useZodForm } from '../../../components/form/use-zod-form';
import { Button } from '../../../components/ui/button';
import { useSuspendUser, useUnsuspendUser } from '../api/admin-api';
import { ActionError } from './action-error';
import { inputClasses, mutedClasses } from './admin-classes';

/** Suspend with a reason, or lift the suspension, of one user. */
export function SuspendControls({ user }: { user: Pick<AdminUser, 'id' | 'suspended' | 'suspensionReason' | 'deleted'> }) {
  const unsuspend = useUnsuspendUser();
  if (user.deleted) return <p className={`${mutedClasses} mt-3`}>This account was deleted.</p>;
  if (!user.suspended) return <SuspendForm userId={user.id} />;
  return (
    <>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <p className={mutedClasses}>Reason: {user.suspensionReason}</p>
        <Button size="sm" variant="secondary" disabled={unsuspend.isPending} onClick={() => unsuspend.mutate({ userId: user.id })}>
          Unsuspend
        </Button>
      </div>
      <ActionError error={unsuspend.error} />
    </>
  );
}

function SuspendForm({ userId }: { userId: string }) {
  const suspend = useSuspendUser();
  const form = useZodForm(SuspendUserInput, {
    defaultValues: { reason: '' },
    messages: { reason: { too_small: 'Give a reason for the suspension.' } },
  });
  const onSubmit = async ({ reason }: SuspendUserInput) => {
    try {
      await suspend.mutateAsync({ userId, reason });
    } catch (failure) {
      form.showFailure(failure, serverMessage(failure, 'Something went wrong. Please try again.'));
    }
  };
  return (
    <Form form={form} onSubmit={onSubmit} aria-label="Suspend" className="mt-3 flex flex-col gap-2">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <Field name="reason" label="Reason for the suspension" hideLabel className="flex-1">
          {(control) => <input {...control} className={inputClasses} placeholder="Reason for the suspension" maxLength={1000} {...form.register('reason')} />}
        </Field>
        <SubmitButton size="sm" variant="danger" pendingText="Suspending..." className="sm:mt-0.5">
          Suspend
        </SubmitButton>
      </div>
      <FormError />
    </Form>
  );
}
