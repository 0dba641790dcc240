import { SafetyActionsView } from './safety-actions-view';

/** "Report" (with its dialog) and "Block"/"Unblock" for a person, on their profile and in a conversation. */
export function ReportBlockActions({ userId, userName }: { userId: string; userName: string }) {
  const person = { id: userId, name: userName };
  return (
    <SafetyActionsView
      layout="buttons"
      actions={[
        { kind: 'report', label: 'Report', target: { type: 'user', id: userId, subject: userName } },
        { kind: 'block', person, short: true },
      ]}
    />
  );
}
