import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { auditLog, users } from '../../db/schema.js';

export type NewAuditRow = Omit<typeof auditLog.$inferInsert, 'id'>;

export async function insertAuditRow(db: Queryable, row: NewAuditRow): Promise<void> {
  await db.insert(auditLog).values(row);
}

export async function findAuditRows(
  db: Queryable,
  filter: { action?: string | undefined; actorId?: string | undefined; targetId?: string | undefined; limit: number; offset: number },
) {
  const conditions: SQL[] = [];
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.actorId) conditions.push(eq(auditLog.actorId, filter.actorId));
  if (filter.targetId) conditions.push(eq(auditLog.targetId, filter.targetId));
  return db
    .select({ entry: auditLog, actorName: users.name })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(and(...conditions))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(filter.limit)
    .offset(filter.offset);
}
