import { AccountSafetySection } from '../../features/trust/components/account-safety-section';
import { ReportBlockActions } from '../../features/trust/components/report-block-actions';
import { SafetyActionsView } from '../../features/trust/components/safety-actions-view';
import type { SafetyActionsProps } from '../../lib/safety-actions';

/** Report and Block for another person, on their profile and in a conversation with them. */
export const personReportBlockActions = (person: { id: string; name: string }) => (
  <ReportBlockActions userId={person.id} userName={person.name} />
);

/** The own profile's blocked people, data export and account deletion. */
export const profileSafetySection = <AccountSafetySection />;

/** Report and Block on rides, ride requests and messages (provided once, see lib/safety-actions). */
export const renderSafetyActions = (props: SafetyActionsProps) => <SafetyActionsView {...props} />;
