import type { AdminUser } from '@carpool/shared/schemas/trust';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useAdminUsers, useSuspendUser, useUnsuspendUser } from '../api/admin-api';
import { ActionError } from './action-error';
import { badgeClasses, cardClasses, inputClasses, mutedClasses } from './admin-classes';

export function UsersPanel() {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const query = useAdminUsers(q);
  return (
    <div className="flex flex-col gap-4">
      <form
        role="search"
        className="flex gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          setQ(text.trim());
        }}
      >
        <label className="sr-only" htmlFor="admin-user-search">
          Name or e-mail
        </label>
        <input id="admin-user-search" className={inputClasses} placeholder="Name or e-mail" value={text} onChange={(event) => setText(event.target.value)} />
        <Button type="submit">Search</Button>
      </form>
      {query.isPending && <p className={mutedClasses}>Loading users...</p>}
      {query.isError && <ActionError error={query.error} />}
      {query.data?.users.length === 0 && <p className={mutedClasses}>No user matches.</p>}
      <ul className="flex flex-col gap-3">
        {query.data?.users.map((user) => (
          <li key={user.id}>
            <UserCard user={user} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function UserCard({ user }: { user: AdminUser }) {
  const suspend = useSuspendUser();
  const unsuspend = useUnsuspendUser();
  const [reason, setReason] = useState('');
  return (
    <article className={cardClasses} aria-label={user.name}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-lg font-bold text-slate-900 dark:text-white">{user.name}</h2>
        {user.suspended && <span className={`${badgeClasses} bg-red-600 text-white`}>Suspended</span>}
        {user.driverVerified && <span className={`${badgeClasses} bg-emerald-100 text-emerald-800`}>Verified driver</span>}
      </div>
      <p className={mutedClasses}>
        {user.email} · {user.college ?? 'no college'} · joined {new Date(user.createdAt).toLocaleDateString()}
      </p>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-200">
        {user.counts.rides} rides · {user.counts.bookings} bookings · {user.counts.reportsAgainst} reports against ·{' '}
        {user.counts.reportsMade} reports made · verification {user.verificationStatus}
      </p>
      {user.suspended ? (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <p className={mutedClasses}>Reason: {user.suspensionReason}</p>
          <Button size="sm" variant="secondary" disabled={unsuspend.isPending} onClick={() => unsuspend.mutate({ userId: user.id })}>
            Unsuspend
          </Button>
        </div>
      ) : (
        <div className="mt-3 flex flex-col gap-2 sm:flex-row">
          <label className="sr-only" htmlFor={`suspend-${user.id}`}>
            Reason for the suspension
          </label>
          <input id={`suspend-${user.id}`} className={inputClasses} placeholder="Reason for the suspension" value={reason} onChange={(event) => setReason(event.target.value)} />
          <Button size="sm" variant="danger" disabled={suspend.isPending || reason.trim() === ''} onClick={() => suspend.mutate({ userId: user.id, reason })}>
            Suspend
          </Button>
        </div>
      )}
      <ActionError error={suspend.error ?? unsuspend.error} />
    </article>
  );
}
