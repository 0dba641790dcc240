import { Suspense } from 'react';
import { lazyWithReload } from '../../lib/lazy-with-reload';
import type { SafetyActionsProps } from '../../lib/safety-actions';

// Report and Block live in dialogs, pages and menus that are never part of a first paint, and they
// bring Radix's dialog and dropdown menu: loaded where they first show (docs/decisions/web-code-splitting.md).
// Without their code nothing renders in their place, as in a feature's own tests.
const AccountSafetySection = lazyWithReload(
  () => import('../../features/trust/components/account-safety-section').then((module) => module.AccountSafetySection),
  () => null,
);
const ReportBlockActions = lazyWithReload(
  () => import('../../features/trust/components/report-block-actions').then((module) => module.ReportBlockActions),
  () => null,
);
const SafetyActionsView = lazyWithReload(
  () => import('../../features/trust/components/safety-actions-view').then((module) => module.SafetyActionsView),
  () => null,
);

/** Report and Block for another person, on their profile and in a conversation with them. */
export const personReportBlockActions = (person: { id: string; name: string }) => (
  <Suspense fallback={null}>
    <ReportBlockActions userId={person.id} userName={person.name} />
  </Suspense>
);

/** The own profile's blocked people, data export and account deletion. */
export const profileSafetySection = (
  <Suspense fallback={null}>
    <AccountSafetySection />
  </Suspense>
);

/** Report and Block on rides, ride requests and messages (provided once, see lib/safety-actions). */
export const renderSafetyActions = (props: SafetyActionsProps) => (
  <Suspense fallback={null}>
    <SafetyActionsView {...props} />
  </Suspense>
);
