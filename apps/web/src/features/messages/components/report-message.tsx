import { SafetyActions } from '../../../lib/safety-actions';

/** The flag beside someone else's message: reports that one message. */
export function ReportMessage({ type, id, authorName }: { type: 'message' | 'direct_message'; id: string; authorName: string | null | undefined }) {
  const author = authorName || 'someone';
  return (
    <SafetyActions
      layout="menu"
      actions={[{ kind: 'report', label: `Report message from ${author}`, target: { type, id, subject: `a message from ${author}` } }]}
    />
  );
}
