import { usePrefetchQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Tabs, tabPanelProps } from '../../../components/ui/tabs';
import { lazyWithReload, preloadOnIntent } from '../../../lib/lazy-with-reload';
import { useSession } from '../../../lib/session';
import { adminVerificationsQueryOptions } from '../api/admin-api';
import { useRouteTab } from '../hooks/use-route-tab';
import { mutedClasses } from './admin-classes';

// Each section is a chunk of its own: their forms (react-hook-form, zod) show only once the
// section's answer is in, so the console's first paint (heading, tabs, the section's loading line)
// does without them (docs/decisions/web-code-splitting.md). The sections' code loads when the
// tabs are pointed at or focused; the open section's answer is asked while its code loads.
const VerificationQueue = lazyWithReload(() => import('./verification-queue').then((module) => module.VerificationQueue));
const ReportsQueue = lazyWithReload(() => import('./reports-queue').then((module) => module.ReportsQueue));
const UsersPanel = lazyWithReload(() => import('./users-panel').then((module) => module.UsersPanel));
const AuditLog = lazyWithReload(() => import('./audit-log').then((module) => module.AuditLog));
const FeedbackInbox = lazyWithReload(() => import('./feedback-inbox').then((module) => module.FeedbackInbox));
const SubscribersPanel = lazyWithReload(() => import('./subscribers-panel').then((module) => module.SubscribersPanel));
const SignInSettingsPanel = lazyWithReload(() => import('./sign-in-settings-panel').then((module) => module.SignInSettingsPanel));
const RegionsPanel = lazyWithReload(() => import('./regions-panel').then((module) => module.RegionsPanel));

const preloadSections = {
  preload: async () => {
    await Promise.all([VerificationQueue, ReportsQueue, UsersPanel, AuditLog, FeedbackInbox, SubscribersPanel, SignInSettingsPanel, RegionsPanel].map((section) => section.preload()));
  },
};

const TABS = [
  { id: 'verifications', label: 'Verifications' },
  { id: 'reports', label: 'Reports' },
  { id: 'users', label: 'Users' },
  { id: 'audit', label: 'Audit log' },
  { id: 'feedback', label: 'Feedback' },
  { id: 'subscribers', label: 'Subscribers' },
  { id: 'sign-in', label: 'Sign-in' },
  { id: 'regions', label: 'Regions' },
] as const;
type TabId = (typeof TABS)[number]['id'];
const TAB_IDS = TABS.map((each) => each.id);
/** What a region moderator uses: the server answers each with their regions' part only; the rest is the platform administrators'. */
const MODERATOR_TAB_IDS: readonly TabId[] = ['verifications', 'reports', 'users'];
const MODERATOR_TABS = TABS.filter((each) => MODERATOR_TAB_IDS.includes(each.id));

/** /admin and /{region}/admin (/admin/{section} opens that section): the console. The server refuses non-admins too; this page says so first. */
export function AdminPage() {
  const { user } = useSession();
  const isModerator = !user?.isAdmin && (user?.moderatedRegions?.length ?? 0) > 0;
  const [tab, setTab] = useRouteTab(isModerator ? MODERATOR_TAB_IDS : TAB_IDS, 'verifications');
  if (!user?.isAdmin && !isModerator) {
    return (
      <div className="mx-auto max-w-lg rounded-3xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Not allowed</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">
          {user ? 'This page is for the administrators and region moderators of Carpool only.' : 'Sign in with an administrator account to open the console.'}
        </p>
      </div>
    );
  }
  return <Console tabs={isModerator ? MODERATOR_TABS : TABS} tab={tab} onTab={setTab} />;
}

/** Each section's loading line, the one it shows itself while its answer is on the way. */
const LOADING: Record<TabId, string> = {
  verifications: 'Loading the queue...',
  reports: 'Loading reports...',
  users: 'Loading users...',
  audit: 'Loading the log...',
  feedback: 'Loading feedback...',
  subscribers: 'Loading subscribers...',
  'sign-in': 'Loading sign-in settings...',
  regions: 'Loading regions...',
};

function Console({ tabs, tab, onTab }: { tabs: readonly (typeof TABS)[number][]; tab: TabId; onTab: (tab: TabId) => void }) {
  // The first section's answer is asked at once, while its code loads.
  usePrefetchQuery(adminVerificationsQueryOptions('pending'));
  return (
    <div className="flex flex-col gap-5">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white">Admin console</h1>
      <div {...preloadOnIntent(preloadSections)}>
        <Tabs label="Console sections" tabs={tabs} selected={tab} onSelect={onTab} idPrefix="admin" />
      </div>
      <div {...tabPanelProps('admin', tab)}>
        <Suspense fallback={<p className={mutedClasses}>{LOADING[tab]}</p>}>
          {tab === 'verifications' && <VerificationQueue />}
          {tab === 'reports' && <ReportsQueue />}
          {tab === 'users' && <UsersPanel />}
          {tab === 'audit' && <AuditLog />}
          {tab === 'feedback' && <FeedbackInbox />}
          {tab === 'subscribers' && <SubscribersPanel />}
          {tab === 'sign-in' && <SignInSettingsPanel />}
          {tab === 'regions' && <RegionsPanel />}
        </Suspense>
      </div>
    </div>
  );
}
