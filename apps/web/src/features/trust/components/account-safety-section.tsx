import { useState } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useToast } from '../../../components/ui/toast';
import { useRegion } from '../../../lib/region';
import { useSession } from '../../../lib/session';
import { downloadExport, useBlockedUsers, useDeleteAccount, useSetBlocked } from '../api/trust-api';

const cardClasses = 'rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6 dark:bg-slate-900 dark:ring-slate-800';

/** The own profile's safety and data section: blocked people, the data export, account deletion. */
export function AccountSafetySection() {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <BlockedPeople />
      <YourData />
    </div>
  );
}

function BlockedPeople() {
  const blocked = useBlockedUsers();
  const setBlocked = useSetBlocked();
  return (
    <section aria-labelledby="blocked-people" className={cardClasses}>
      <h2 id="blocked-people" className="mb-3 text-lg font-bold text-slate-900 dark:text-white">
        Blocked people
      </h2>
      {blocked.data?.blocked.length === 0 && <p className="text-sm text-slate-500 dark:text-slate-400">You have not blocked anyone.</p>}
      <ul className="flex flex-col gap-2">
        {blocked.data?.blocked.map((person) => (
          <li key={person.id} className="flex items-center justify-between gap-3">
            <span className="flex min-w-0 items-center gap-2">
              <Avatar name={person.name} src={person.avatar} color={person.avatarColor} size="sm" />
              <span className="truncate text-slate-900 dark:text-white">{person.name}</span>
            </span>
            <Button size="sm" variant="secondary" disabled={setBlocked.isPending} onClick={() => setBlocked.mutate({ userId: person.id, blocked: false })}>
              Unblock
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function YourData() {
  const { region } = useRegion();
  const { signOut } = useSession();
  const { showToast } = useToast();
  const remove = useDeleteAccount();
  const [confirming, setConfirming] = useState(false);
  const [typed, setTyped] = useState('');
  return (
    <section aria-labelledby="your-data" className={cardClasses}>
      <h2 id="your-data" className="mb-3 text-lg font-bold text-slate-900 dark:text-white">
        Your data
      </h2>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">
        Download everything Carpool holds about you, or delete your account. Deleting cancels your upcoming rides and bookings.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => downloadExport(region).catch((error: Error) => showToast({ message: error.message, tone: 'error' }))}>
          Download my data
        </Button>
        <Button variant="danger" onClick={() => setConfirming(true)}>
          Delete my account
        </Button>
      </div>
      <Modal open={confirming} onClose={() => setConfirming(false)} title="Delete your account?" size="sm">
        <p className="text-sm text-slate-700 dark:text-slate-200">
          Your upcoming rides are cancelled and your bookings released; your name, e-mail, bio, picture and files are erased. Messages and
          reviews others received stay, shown as from "Deleted user". This cannot be undone. Type DELETE to confirm.
        </p>
        <label className="mt-3 block text-sm font-semibold text-slate-800 dark:text-slate-100">
          Confirmation
          <input
            className="mt-1 block w-full rounded-xl border border-slate-300 px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-800 dark:text-white"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </label>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Keep my account
          </Button>
          <Button
            variant="danger"
            disabled={typed !== 'DELETE' || remove.isPending}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => {
                  showToast({ message: 'Your account was deleted.', tone: 'success' });
                  void signOut();
                },
                onError: () => showToast({ message: 'The account could not be deleted. Please try again.', tone: 'error' }),
              })
            }
          >
            Delete forever
          </Button>
        </div>
      </Modal>
    </section>
  );
}
