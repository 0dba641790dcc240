import type { ReportTargetType } from '@carpool/shared/schemas/trust';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { useBlockedUsers, useSetBlocked } from '../api/trust-api';
import { ReportDialog } from './report-dialog';

/** "Report" (with its dialog) and "Block"/"Unblock" for a person, or for one of their things. */
export function ReportBlockActions({
  userId,
  userName,
  target,
}: {
  userId: string;
  userName: string;
  /** What "Report" reports; the person themself when absent. */
  target?: { type: ReportTargetType; id: string; subject: string };
}) {
  const [reporting, setReporting] = useState(false);
  const blocked = useBlockedUsers();
  const setBlocked = useSetBlocked();
  const { showToast } = useToast();
  const isBlocked = blocked.data?.blocked.some((row) => row.id === userId) ?? false;
  const toggle = () => {
    if (!isBlocked && !window.confirm(`Block ${userName}? Neither of you will see the other's rides or requests, and you cannot message each other.`)) return;
    setBlocked.mutate(
      { userId, blocked: !isBlocked },
      {
        onSuccess: () => showToast({ message: isBlocked ? `${userName} is unblocked.` : `${userName} is blocked.`, tone: 'success' }),
        onError: () => showToast({ message: 'That did not work. Please try again.', tone: 'error' }),
      },
    );
  };
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" variant="secondary" onClick={() => setReporting(true)}>
        Report
      </Button>
      <Button size="sm" variant={isBlocked ? 'secondary' : 'danger'} disabled={setBlocked.isPending || blocked.isPending} onClick={toggle}>
        {isBlocked ? 'Unblock' : 'Block'}
      </Button>
      <ReportDialog
        open={reporting}
        onClose={() => setReporting(false)}
        targetType={target?.type ?? 'user'}
        targetId={target?.id ?? userId}
        subject={target?.subject ?? userName}
      />
    </div>
  );
}
