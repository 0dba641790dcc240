import { formatInTimeZone } from '@carpool/shared/time-zones';
import {
  REPORT_REASON_LABELS,
  type AdminReport,
  type CreateReportInput,
  type Report,
  type ReportAction,
  type ReportReason,
  type ReportTargetType,
} from '@carpool/shared/schemas/trust';
import type { AppDeps } from '../../app-deps.js';
import type { Queryable } from '../../db/client.js';
import { transactionRetryingDeadlocks } from '../../db/deadlock-retry.js';
import { AppError, badRequest, forbidden, notFound } from '../../lib/app-error.js';
import type { ConsoleScope } from '../../plugins/auth.js';
import { consoleAreaOf, routeText, type ModerationArea } from '../regions/regions.service.js';
import { suspendUserInTransaction } from '../suspension/suspension.service.js';
import { recordAudit } from '../audit/audit.service.js';
import { findDirectMessageById, hideDirectMessage } from '../direct-messages/direct-messages.service.js';
import { createNotification } from '../notifications/notifications.service.js';
import { findRideRequestById, hideRideRequest } from '../ride-requests/ride-requests.service.js';
import { canAccessRideChat, findRideMessageById, hideRideMessage } from '../ride-messages/ride-messages.service.js';
import { findRidesWithDrivers, hideRide } from '../rides/rides.service.js';
import { assertUserStillActive, findUserById } from '../users/users.service.js';
import {
  findReportWithPeople,
  findReportsForAdmin,
  findReportsOfUser,
  insertOpenReport,
  isReportInArea,
  lockReport,
  resolveReportRow,
  type ReportRow,
  type ReportWithPeople,
} from './reports.repository.js';
import * as reportsRepository from './reports.repository.js';

/** The reports the user made, oldest first, for the account's data export. */
export async function findReportsMadeBy(db: Queryable, reporterId: string) {
  return reportsRepository.findReportsMadeBy(db, reporterId);
}

type ReportsDeps = Pick<AppDeps, 'db' | 'clock' | 'events' | 'regions'>;
/** What reading a report's target needs: the database, and the region's places its summary names. */
type TargetDeps = Pick<AppDeps, 'db' | 'regions'>;

/** The reported thing: whose it is, a short text of it for the console, and the ride it belongs to. */
interface ReportTarget {
  authorId: string;
  summary: string | null;
  rideId: string | null;
  /** Whether this reporter may see it (and so report it). */
  visibleTo(reporterId: string): Promise<boolean>;
}

const everyone = async () => true;

async function loadTarget(deps: TargetDeps, type: ReportTargetType, id: string): Promise<ReportTarget | undefined> {
  const { db } = deps;
  switch (type) {
    case 'user': {
      const user = await findUserById(db, id);
      return user && !user.deletedAt ? { authorId: user.id, summary: null, rideId: null, visibleTo: everyone } : undefined;
    }
    case 'ride': {
      const [found] = await findRidesWithDrivers(db, [id]);
      if (!found) return undefined;
      const { ride } = found;
      return {
        authorId: ride.driverId,
        summary: `Ride ${routeText(deps.regions, ride.region, ride)} on ${formatInTimeZone(ride.departsAt, ride.timezone)}`,
        rideId: ride.id,
        visibleTo: async (reporterId) => !ride.hiddenAt || reporterId === ride.driverId,
      };
    }
    case 'ride_request': {
      const request = await findRideRequestById(db, id);
      if (!request) return undefined;
      return {
        authorId: request.userId,
        summary: `Ride request ${routeText(deps.regions, request.region, request)} on ${formatInTimeZone(request.departsAt, request.timezone)}`,
        rideId: null,
        visibleTo: async () => !request.hiddenAt,
      };
    }
    case 'message': {
      const message = await findRideMessageById(db, id);
      if (!message || message.kind !== 'user' || !message.userId) return undefined;
      return {
        authorId: message.userId,
        summary: message.content,
        rideId: message.rideId,
        visibleTo: (reporterId) => canAccessRideChat(db, message.rideId, reporterId),
      };
    }
    case 'direct_message': {
      const message = await findDirectMessageById(db, id);
      if (!message) return undefined;
      return {
        authorId: message.senderId,
        summary: message.content,
        rideId: null,
        visibleTo: async (reporterId) => reporterId === message.receiverId || reporterId === message.senderId,
      };
    }
  }
}

function toReportDto(row: ReportRow): Report {
  return {
    id: row.id,
    targetType: row.targetType,
    targetId: row.targetId,
    reason: row.reason as ReportReason,
    details: row.details,
    status: row.status,
    action: row.action,
    resolutionNote: row.resolutionNote,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
}

const TARGET_WORDS: Record<ReportTargetType, string> = {
  user: 'a user',
  ride: 'a ride',
  ride_request: 'a ride request',
  message: 'a ride chat message',
  direct_message: 'a message',
};

/**
 * Files a report. The target must exist and be visible to the reporter (404 otherwise, so nothing
 * can be probed); your own things cannot be reported; one open report per reporter and target
 * (REPORT_ALREADY_OPEN). The reporter gets a confirmation in the same transaction.
 */
export async function createReport(deps: ReportsDeps, reporterId: string, input: CreateReportInput): Promise<Report> {
  const target = await loadTarget(deps, input.targetType, input.targetId);
  if (!target || !(await target.visibleTo(reporterId))) throw notFound(input.targetType === 'user' ? 'User' : 'Report target');
  if (target.authorId === reporterId) throw badRequest('You cannot report yourself or your own content');
  const now = deps.clock.now();
  const { report, push } = await deps.db.transaction(async (tx) => {
    // A reporter deleted since the request was authenticated would keep a notification (the
    // confirmation) past their account's deletion: refused, as their authentication now would be.
    await assertUserStillActive(tx, reporterId);
    const report = await insertOpenReport(tx, {
      reporterId,
      targetType: input.targetType,
      targetId: input.targetId,
      targetUserId: target.authorId,
      reason: input.reason,
      details: input.details,
      createdAt: now,
    });
    if (!report) {
      throw new AppError('REPORT_ALREADY_OPEN', 'You already reported this and the report is still being looked at');
    }
    const push = await createNotification(tx, deps.events, {
      userId: reporterId,
      kind: 'report_received',
      title: 'Thank you for your report',
      body: `We received your report about ${TARGET_WORDS[input.targetType]} (${REPORT_REASON_LABELS[input.reason].toLowerCase()}). An administrator will look at it and you will hear about the outcome.`,
      rideId: input.targetType === 'ride' ? target.rideId : null,
    });
    return { report, push };
  });
  push();
  return toReportDto(report);
}

async function toAdminReportDto(deps: TargetDeps, row: ReportWithPeople): Promise<AdminReport> {
  const target = await loadTarget(deps, row.report.targetType, row.report.targetId);
  return {
    ...toReportDto(row.report),
    reporter: row.reporter,
    targetUser: {
      id: row.targetUser.id,
      name: row.targetUser.name,
      email: row.targetUser.email,
      suspended: row.targetUser.suspendedAt !== null,
    },
    targetSummary: target?.summary ?? null,
    rideId: target?.rideId ?? null,
  };
}

/** The console's reports: everyone's for a platform administrator, those of their regions for a region moderator. */
export async function listReportsForAdmin(
  deps: Pick<AppDeps, 'db' | 'config' | 'regions'>,
  scope: ConsoleScope,
  filter: { status: 'open' | 'resolved' | 'all'; limit: number; offset: number },
): Promise<{ reports: AdminReport[] }> {
  const rows = await findReportsForAdmin(deps.db, filter, consoleAreaOf(deps, scope));
  return { reports: await Promise.all(rows.map((row) => toAdminReportDto(deps, row))) };
}

/** A user's reports for the console's per-user view: those they made and those about them (of the area only, for a region moderator). */
export async function listReportsOfUserForAdmin(
  deps: TargetDeps,
  userId: string,
  limit: number,
  area: ModerationArea | null,
): Promise<{ made: AdminReport[]; against: AdminReport[] }> {
  const [made, against] = await Promise.all([findReportsOfUser(deps.db, userId, 'made', limit, area), findReportsOfUser(deps.db, userId, 'against', limit, area)]);
  return {
    made: await Promise.all(made.map((row) => toAdminReportDto(deps, row))),
    against: await Promise.all(against.map((row) => toAdminReportDto(deps, row))),
  };
}

const OUTCOME_TEXT: Record<ReportAction, string> = {
  dismiss: 'An administrator looked at your report and found no breach of the community rules. Thank you for telling us.',
  warn: 'An administrator looked at your report and warned the person concerned. Thank you for telling us.',
  hide_content: 'An administrator looked at your report and removed the content. Thank you for telling us.',
  suspend_user: 'An administrator looked at your report and suspended the account concerned. Thank you for telling us.',
};

const AUDIT_ACTION_OF = {
  dismiss: 'report_dismissed',
  warn: 'report_warned',
  hide_content: 'report_content_hidden',
  suspend_user: 'report_user_suspended',
} as const;

/**
 * An administrator (or a moderator of the report's region: 403 otherwise) resolves an open report with one of the four actions (see the reports-and-blocks
 * decision). The action, the report's resolution, the audit row and the notifications (the
 * reporter's outcome; the warning for `warn`) are one transaction.
 */
export async function resolveReport(
  deps: ReportsDeps & Pick<AppDeps, 'config' | 'regions'>,
  adminId: string,
  scope: ConsoleScope,
  reportId: string,
  input: { action: ReportAction; note: string },
): Promise<AdminReport> {
  const now = deps.clock.now();
  const area = consoleAreaOf(deps, scope);
  const after = await transactionRetryingDeadlocks(deps.db, async (tx) => {
    const report = await lockReport(tx, reportId);
    if (!report) throw notFound('Report');
    if (area && !(await isReportInArea(tx, reportId, area))) throw forbidden('This report is of a region you do not moderate');
    if (report.status !== 'open') throw new AppError('INVALID_TRANSITION', 'This report was already resolved');
    const runAfter: (() => void)[] = [];
    if (input.action === 'hide_content') await hideTarget(tx, report, now);
    if (input.action === 'warn') {
      runAfter.push(
        await createNotification(tx, deps.events, {
          userId: report.targetUserId,
          kind: 'account_warning',
          title: 'A warning from the Carpool team',
          body: `After a report about ${TARGET_WORDS[report.targetType]} of yours, an administrator asks you to follow the community rules.${input.note ? ` ${input.note}` : ''} Repeated reports can lead to a suspension.`,
        }),
      );
    }
    if (input.action === 'suspend_user') {
      if (report.targetUserId === adminId) throw badRequest('You cannot suspend yourself');
      runAfter.push(
        await suspendUserInTransaction(tx, deps, {
          userId: report.targetUserId,
          actorId: adminId,
          reason: input.note || `Report: ${REPORT_REASON_LABELS[report.reason as ReportReason]}`,
          now,
        }),
      );
    }
    await resolveReportRow(tx, reportId, { action: input.action, note: input.note, resolvedBy: adminId, resolvedAt: now });
    await recordAudit(tx, {
      actorId: adminId,
      action: AUDIT_ACTION_OF[input.action],
      targetType: 'report',
      targetId: reportId,
      reason: input.note,
      at: now,
    });
    runAfter.push(
      await createNotification(tx, deps.events, {
        userId: report.reporterId,
        kind: 'report_outcome',
        title: 'Your report was reviewed',
        body: OUTCOME_TEXT[input.action],
      }),
    );
    return runAfter;
  });
  for (const run of after) run();
  const stored = await findReportWithPeople(deps.db, reportId);
  return toAdminReportDto(deps, stored!);
}

/** hide_content: the ride, request or message disappears for everyone; a user has no content to hide. */
async function hideTarget(tx: Queryable, report: ReportRow, now: Date): Promise<void> {
  switch (report.targetType) {
    case 'user':
      throw badRequest('A report about a user has no content to hide: warn or suspend instead');
    case 'ride':
      return hideRide(tx, report.targetId, now);
    case 'ride_request':
      return hideRideRequest(tx, report.targetId, now);
    case 'message':
      return hideRideMessage(tx, report.targetId, now);
    case 'direct_message':
      return hideDirectMessage(tx, report.targetId, now);
  }
}
