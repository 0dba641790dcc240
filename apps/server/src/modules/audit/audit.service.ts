import type { AuditAction, AuditEntry } from '@carpool/shared/schemas/trust';
import type { Queryable } from '../../db/client.js';
import { findAuditRows, insertAuditRow } from './audit.repository.js';

/**
 * Writes one audit row. Call it inside the transaction of the action it records, so the action
 * and its record commit or roll back together.
 */
export async function recordAudit(
  tx: Queryable,
  entry: { actorId: string | null; action: AuditAction; targetType: string; targetId: string; reason?: string; at: Date },
): Promise<void> {
  await insertAuditRow(tx, {
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    reason: entry.reason ?? '',
    createdAt: entry.at,
  });
}

export async function listAudit(
  db: Queryable,
  filter: { action?: AuditAction | undefined; actorId?: string | undefined; targetId?: string | undefined; limit: number; offset: number },
): Promise<{ entries: AuditEntry[] }> {
  const rows = await findAuditRows(db, filter);
  return {
    entries: rows.map(({ entry, actorName }) => ({
      id: entry.id,
      actor: entry.actorId ? { id: entry.actorId, name: actorName ?? 'Deleted user' } : null,
      action: entry.action as AuditAction,
      targetType: entry.targetType,
      targetId: entry.targetId,
      reason: entry.reason,
      createdAt: entry.createdAt.toISOString(),
    })),
  };
}
