import { AUDIT_ACTIONS, type AuditAction } from '@carpool/shared/schemas/trust';
import { useState } from 'react';
import { formatLocalDateTime } from '../../../lib/local-date-time';
import { useAuditLog } from '../api/admin-api';
import { ActionError } from './action-error';
import { cardClasses, inputClasses, mutedClasses } from './admin-classes';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function AuditLog() {
  const [action, setAction] = useState<AuditAction | ''>('');
  const [target, setTarget] = useState('');
  const targetId = UUID.test(target.trim()) ? target.trim() : undefined;
  const query = useAuditLog({ action: action || undefined, targetId });
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-2 sm:grid-cols-2">
        <label className="text-sm font-semibold text-slate-800 dark:text-slate-100">
          Action
          <select className={`${inputClasses} mt-1`} value={action} onChange={(event) => setAction(event.target.value as AuditAction | '')}>
            <option value="">All actions</option>
            {AUDIT_ACTIONS.map((item) => (
              <option key={item} value={item}>
                {item.replaceAll('_', ' ')}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-semibold text-slate-800 dark:text-slate-100">
          Target id
          <input className={`${inputClasses} mt-1`} value={target} placeholder="A user, report or submission id" onChange={(event) => setTarget(event.target.value)} />
        </label>
      </div>
      {query.isPending && <p className={mutedClasses}>Loading the log...</p>}
      {query.isError && <ActionError error={query.error} />}
      {query.data?.entries.length === 0 && <p className={mutedClasses}>Nothing recorded for these filters.</p>}
      <ol className="flex flex-col gap-2">
        {query.data?.entries.map((entry) => (
          <li key={entry.id} className={cardClasses}>
            <p className="font-semibold text-slate-900 dark:text-white">{entry.action.replaceAll('_', ' ')}</p>
            <p className={mutedClasses}>
              {formatLocalDateTime(entry.createdAt)} · by {entry.actor?.name ?? 'the admin command'} · {entry.targetType}{' '}
              <span className="break-all">{entry.targetId}</span>
            </p>
            {entry.reason && <p className="text-sm text-slate-700 dark:text-slate-200">{entry.reason}</p>}
          </li>
        ))}
      </ol>
    </div>
  );
}
