import type { AdminUser } from '@carpool/shared/schemas/trust';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useSuspendUser, useUnsuspendUser } from '../api/admin-api';
import { ActionError } from './action-error';
import { inputClasses, mutedClasses } from './admin-classes';

/** Suspend with a reason, or lift the suspension, of one user. */
export function SuspendControls({ user }: { user: Pick<AdminUser, 'id' | 'suspended' | 'suspensionReason' | 'deleted'> }) {
  const suspend = useSuspendUser();
  const unsuspend = useUnsuspendUser();
  const [reason, setReason] = useState('');
  const inputId = useId();
  if (user.deleted) return <p className={`${mutedClasses} mt-3`}>This account was deleted.</p>;
  return (
    <>
      {user.suspended ? (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <p className={mutedClasses}>Reason: {user.suspensionReason}</p>
          <Button size="sm" variant="secondary" disabled={unsuspend.isPending} onClick={() => unsuspend.mutate({ userId: user.id })}>
            Unsuspend
          </Button>
        </div>
      ) : (
        <div className="mt-3 flex flex-col gap-2 sm:flex-row">
          <label className="sr-only" htmlFor={inputId}>
            Reason for the suspension
          </label>
          <input
            id={inputId}
            className={inputClasses}
            placeholder="Reason for the suspension"
            maxLength={1000}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <Button
            size="sm"
            variant="danger"
            disabled={suspend.isPending || reason.trim() === ''}
            onClick={() => suspend.mutate({ userId: user.id, reason }, { onSuccess: () => setReason('') })}
          >
            Suspend
          </Button>
        </div>
      )}
      <ActionError error={suspend.error ?? unsuspend.error} />
    </>
  );
}
