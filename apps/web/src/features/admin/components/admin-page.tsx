import { useState } from 'react';
import { Tabs, tabPanelProps } from '../../../components/ui/tabs';
import { useSession } from '../../../lib/session';
import { AuditLog } from './audit-log';
import { ReportsQueue } from './reports-queue';
import { UsersPanel } from './users-panel';
import { VerificationQueue } from './verification-queue';

const TABS = [
  { id: 'verifications', label: 'Verifications' },
  { id: 'reports', label: 'Reports' },
  { id: 'users', label: 'Users' },
  { id: 'audit', label: 'Audit log' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/** /admin and /{region}/admin: the console. The server refuses non-admins too; this page says so first. */
export function AdminPage() {
  const { user } = useSession();
  const [tab, setTab] = useState<TabId>('verifications');
  if (!user?.isAdmin) {
    return (
      <div className="mx-auto max-w-lg rounded-3xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Not allowed</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">
          {user ? 'This page is for the administrators of Carpool only.' : 'Sign in with an administrator account to open the console.'}
        </p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-5">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white">Admin console</h1>
      <Tabs label="Console sections" tabs={TABS} selected={tab} onSelect={setTab} idPrefix="admin" />
      <div {...tabPanelProps('admin', tab)}>
        {tab === 'verifications' && <VerificationQueue />}
        {tab === 'reports' && <ReportsQueue />}
        {tab === 'users' && <UsersPanel />}
        {tab === 'audit' && <AuditLog />}
      </div>
    </div>
  );
}
