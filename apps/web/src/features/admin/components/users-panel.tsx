import type { AdminUser } from '@carpool/shared/schemas/trust';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { formatLocalDate } from '../../../lib/local-date-time';
import { useAdminUsers } from '../api/admin-api';
import { ActionError } from './action-error';
import { cardClasses, inputClasses, mutedClasses } from './admin-classes';
import { SuspendControls } from './suspend-controls';
import { UserBadges, UserDetail } from './user-detail';

export function UsersPanel() {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const query = useAdminUsers(q);
  const [openedId, setOpenedId] = useState<string | null>(null);
  if (openedId) return <UserDetail userId={openedId} onBack={() => setOpenedId(null)} />;
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
            <UserCard user={user} onOpen={() => setOpenedId(user.id)} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function UserCard({ user, onOpen }: { user: AdminUser; onOpen: () => void }) {
  return (
    <article className={cardClasses} aria-label={user.name}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-lg font-bold text-slate-900 dark:text-white">{user.name}</h2>
        <UserBadges user={user} />
        <Button size="sm" variant="secondary" className="ml-auto" onClick={onOpen} aria-label={`Open ${user.name}`}>
          Open
        </Button>
      </div>
      <p className={`${mutedClasses} break-words`}>
        {user.email} · {user.college ?? 'no college'} · joined {formatLocalDate(user.createdAt)}
      </p>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-200">
        {user.counts.rides} rides · {user.counts.bookings} bookings · {user.counts.reportsAgainst} reports against ·{' '}
        {user.counts.reportsMade} reports made · verification {user.verificationStatus}
      </p>
      <SuspendControls user={user} />
    </article>
  );
}
