import { alias } from 'drizzle-orm/pg-core';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { reports, rideMessages, rideRequests, rides, users } from '../../db/schema.js';
import { emailInDomains } from '../users/users.sql.js';

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

/** A region moderator's part of the reports: their regions, and the e-mail domains of those regions' people. */
interface ReportArea {
  regions: readonly string[];
  emailDomains: readonly string[];
}

/**
 * Whether a report is of an area (docs/decisions/region-moderators.md): one about a ride, a ride
 * chat message or a ride request is of the ride's or the request's region; one about a person or a
 * direct message is of the regions of the person reported (the target user, joined as target_user).
 */
function reportInArea(area: ReportArea): SQL {
  const regions = area.regions.length === 0 ? sql`array[]::text[]` : sql`array[${sql.join(area.regions.map((region) => sql`${region}`), sql`, `)}]::text[]`;
  return sql`case ${reports.targetType}
    when 'ride' then exists (select 1 from ${rides} where ${rides.id} = ${reports.targetId} and ${rides.region} = any(${regions}))
    when 'message' then exists (select 1 from ${rideMessages} join ${rides} on ${rides.id} = ${rideMessages.rideId} where ${rideMessages.id} = ${reports.targetId} and ${rides.region} = any(${regions}))
    when 'ride_request' then exists (select 1 from ${rideRequests} where ${rideRequests.id} = ${reports.targetId} and ${rideRequests.region} = any(${regions}))
    else ${emailInDomains(targetUser.email, area.emailDomains)}
  end`;
}

/** Reports with both people, open ones first, then newest first; with an area, only that area's. */
export async function findReportsForAdmin(
  db: Queryable,
  filter: { status: 'open' | 'resolved' | 'all'; limit: number; offset: number },
  area: ReportArea | null,
): Promise<ReportWithPeople[]> {
  return selectReportsWithPeople(db, and(filter.status === 'all' ? undefined : eq(reports.status, filter.status), area ? reportInArea(area) : undefined))
    .orderBy(sql`case when ${reports.status} = 'open' then 0 else 1 end`, desc(reports.createdAt), desc(reports.id))
    .limit(filter.limit)
    .offset(filter.offset);
}

/** The reports a user made, or the reports about them, newest first; with an area, only that area's. */
export async function findReportsOfUser(
  db: Queryable,
  userId: string,
  side: 'made' | 'against',
  limit: number,
  area: ReportArea | null,
): Promise<ReportWithPeople[]> {
  return selectReportsWithPeople(db, and(side === 'made' ? eq(reports.reporterId, userId) : eq(reports.targetUserId, userId), area ? reportInArea(area) : undefined))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(limit);
}

export async function findReportWithPeople(db: Queryable, id: string): Promise<ReportWithPeople | undefined> {
  const [row] = await selectReportsWithPeople(db, eq(reports.id, id)).limit(1);
  return row;
}

/** Whether the report is of the area (a region moderator's check before acting on it). */
export async function isReportInArea(db: Queryable, id: string, area: ReportArea): Promise<boolean> {
  const rows = await db
    .select({ id: reports.id })
    .from(reports)
    .innerJoin(targetUser, eq(targetUser.id, reports.targetUserId))
    .where(and(eq(reports.id, id), reportInArea(area)))
    .limit(1);
  return rows.length > 0;
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

