import { alias } from 'drizzle-orm/pg-core';
import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { reports, users } from '../../db/schema.js';

export type ReportRow = typeof reports.$inferSelect;

/** Inserts an open report; undefined when the reporter already has an open one on this target. */
export async function insertOpenReport(
  db: Queryable,
  row: Pick<ReportRow, 'reporterId' | 'targetType' | 'targetId' | 'targetUserId' | 'reason' | 'details' | 'createdAt'>,
): Promise<ReportRow | undefined> {
  const [inserted] = await db
    .insert(reports)
    .values(row)
    .onConflictDoNothing({
      target: [reports.reporterId, reports.targetType, reports.targetId],
      where: sql`${reports.status} = 'open'`,
    })
    .returning();
  return inserted;
}

const reporter = alias(users, 'reporter');
const targetUser = alias(users, 'target_user');

function selectReportsWithPeople(db: Queryable, where: SQL | undefined) {
  return db
    .select({
      report: reports,
      reporter: { id: reporter.id, name: reporter.name },
      targetUser: { id: targetUser.id, name: targetUser.name, email: targetUser.email, suspendedAt: targetUser.suspendedAt },
    })
    .from(reports)
    .innerJoin(reporter, eq(reporter.id, reports.reporterId))
    .innerJoin(targetUser, eq(targetUser.id, reports.targetUserId))
    .where(where);
}

export type ReportWithPeople = Awaited<ReturnType<typeof selectReportsWithPeople>>[number];

/** Reports with both people, open ones first, then newest first. */
export async function findReportsForAdmin(
  db: Queryable,
  filter: { status: 'open' | 'resolved' | 'all'; limit: number; offset: number },
): Promise<ReportWithPeople[]> {
  return selectReportsWithPeople(db, filter.status === 'all' ? undefined : eq(reports.status, filter.status))
    .orderBy(sql`case when ${reports.status} = 'open' then 0 else 1 end`, desc(reports.createdAt), desc(reports.id))
    .limit(filter.limit)
    .offset(filter.offset);
}

/** The reports a user made, or the reports about them, newest first. */
export async function findReportsOfUser(
  db: Queryable,
  userId: string,
  side: 'made' | 'against',
  limit: number,
): Promise<ReportWithPeople[]> {
  return selectReportsWithPeople(db, side === 'made' ? eq(reports.reporterId, userId) : eq(reports.targetUserId, userId))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(limit);
}

export async function findReportWithPeople(db: Queryable, id: string): Promise<ReportWithPeople | undefined> {
  const [row] = await selectReportsWithPeople(db, eq(reports.id, id)).limit(1);
  return row;
}

export async function lockReport(db: Queryable, id: string): Promise<ReportRow | undefined> {
  const [row] = await db.select().from(reports).where(eq(reports.id, id)).for('update').limit(1);
  return row;
}

export async function resolveReportRow(
  db: Queryable,
  id: string,
  resolution: { action: NonNullable<ReportRow['action']>; note: string; resolvedBy: string | null; resolvedAt: Date },
): Promise<ReportRow> {
  const [row] = await db
    .update(reports)
    .set({
      status: 'resolved',
      action: resolution.action,
      resolutionNote: resolution.note,
      resolvedBy: resolution.resolvedBy,
      resolvedAt: resolution.resolvedAt,
    })
    .where(eq(reports.id, id))
    .returning();
  return row!;
}

export async function findReportsMadeBy(db: Queryable, reporterId: string): Promise<ReportRow[]> {
  return db.select().from(reports).where(eq(reports.reporterId, reporterId)).orderBy(asc(reports.createdAt));
}

