import { placeLabel } from '@carpool/shared/places';
import { ADMIN_USER_DETAIL_LIMIT, type AdminUser, type AdminUserDetail, type AuditEntry } from '@carpool/shared/schemas/trust';
import type { AppDeps } from '../../app-deps.js';
import type { Queryable } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import { listAudit } from '../audit/audit.service.js';
import { listReportsOfUserForAdmin } from '../reports/reports.service.js';
import { findRecentBookingsOfUser, findRecentRidesOfDriver, type RideRow } from '../rides/rides.service.js';
import { findUserWithCounts, searchUsers, type UserWithCounts } from '../users/users.service.js';
import { suspendUser, unsuspendUser } from '../suspension/suspension.service.js';
import { findLatestSubmissionOfUser } from '../verification/verification.service.js';

function toAdminUser({ user, rides, bookings, reportsAgainst, reportsMade }: UserWithCounts): AdminUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    college: user.college,
    createdAt: user.createdAt.toISOString(),
    verificationStatus: user.verificationStatus,
    driverVerified: user.driverVerified,
    suspended: user.suspendedAt !== null,
    suspensionReason: user.suspensionReason,
    deleted: user.deletedAt !== null,
    counts: { rides, bookings, reportsAgainst, reportsMade },
  };
}

/** The console's user search: by name or e-mail, with the counts the console shows. */
export async function searchUsersForAdmin(
  db: Queryable,
  query: { q: string; limit: number; offset: number },
): Promise<{ users: AdminUser[] }> {
  const rows = await searchUsers(db, query.q, query);
  return { users: rows.map(toAdminUser) };
}

function rideSummary(ride: RideRow) {
  return {
    id: ride.id,
    from: placeLabel(ride.fromPlace),
    to: placeLabel(ride.toPlace),
    departsAt: ride.departsAt.toISOString(),
    status: ride.status,
    hidden: ride.hiddenAt !== null,
  };
}

/**
 * The console's per-user view: the user with their counts, their latest rides and bookings (hidden
 * and cancelled ones too: an administrator judges the whole record), the reports they made and the
 * reports about them, and their latest verification application. 404 for an unknown id.
 */
export async function getUserForAdmin(db: AppDeps['db'], userId: string): Promise<AdminUserDetail> {
  const row = await findUserWithCounts(db, userId);
  if (!row) throw notFound('User');
  const [rides, bookings, reports, submission] = await Promise.all([
    findRecentRidesOfDriver(db, userId, ADMIN_USER_DETAIL_LIMIT),
    findRecentBookingsOfUser(db, userId, ADMIN_USER_DETAIL_LIMIT),
    listReportsOfUserForAdmin(db, userId, ADMIN_USER_DETAIL_LIMIT),
    findLatestSubmissionOfUser(db, userId),
  ]);
  return {
    user: toAdminUser(row),
    rides: rides.map((ride) => ({ ...rideSummary(ride), totalSeats: ride.totalSeats, seatsAvailable: ride.seatsAvailable })),
    bookings: bookings.map(({ booking, ride }) => ({
      id: booking.id,
      seats: booking.seats,
      status: booking.status,
      createdAt: booking.createdAt.toISOString(),
      ride: rideSummary(ride),
    })),
    reportsMade: reports.made,
    reportsAgainst: reports.against,
    verification: submission
      ? {
          id: submission.id,
          status: submission.status,
          createdAt: submission.createdAt.toISOString(),
          decidedAt: submission.decidedAt?.toISOString() ?? null,
          rejectReason: submission.rejectReason,
        }
      : null,
  };
}

/** Suspends the account in the administrator's name (the suspension use-case; audited there). */
export async function suspendUserAsAdmin(deps: Pick<AppDeps, 'db' | 'clock' | 'events'>, adminId: string, userId: string, reason: string): Promise<void> {
  await suspendUser(deps, adminId, userId, reason);
}

/** Lifts the suspension in the administrator's name (audited by the suspension use-case). */
export async function unsuspendUserAsAdmin(deps: Pick<AppDeps, 'db' | 'clock' | 'events'>, adminId: string, userId: string): Promise<void> {
  await unsuspendUser(deps, adminId, userId);
}

/** The console's audit log, newest first: what the audit module records, as it lists it. */
export async function listAuditForAdmin(db: Queryable, filter: Parameters<typeof listAudit>[1]): Promise<{ entries: AuditEntry[] }> {
  return listAudit(db, filter);
}
