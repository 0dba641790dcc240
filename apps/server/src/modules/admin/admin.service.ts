import { ADMIN_USER_DETAIL_LIMIT, type AdminUser, type AdminUserDetail, type AuditEntry } from '@carpool/shared/schemas/trust';
import type { AppDeps } from '../../app-deps.js';
import type { Queryable } from '../../db/client.js';
import { forbidden, notFound } from '../../lib/app-error.js';
import type { ConsoleScope } from '../../plugins/auth.js';
import { listAudit } from '../audit/audit.service.js';
import { listReportsOfUserForAdmin } from '../reports/reports.service.js';
import { findRecentBookingsOfUser, findRecentRidesOfDriver, type RideRow } from '../rides/rides.service.js';
import { consoleAreaOf, isEmailInArea, type ModerationArea, type RegionDirectory } from '../regions/regions.service.js';
import { findUserById, findUserWithCounts, searchUsers, type UserWithCounts } from '../users/users.service.js';
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

type ConsoleDeps = Pick<AppDeps, 'db' | 'config' | 'regions'>;

/** The console's user search: by name or e-mail, with the counts the console shows; a region moderator finds their regions' people only. */
export async function searchUsersForAdmin(
  deps: ConsoleDeps,
  scope: ConsoleScope,
  query: { q: string; limit: number; offset: number },
): Promise<{ users: AdminUser[] }> {
  const rows = await searchUsers(deps.db, query.q, query, consoleAreaOf(deps, scope)?.emailDomains ?? null);
  return { users: rows.map(toAdminUser) };
}

/** Refuses a region moderator a person who is not of their regions (403); an unknown one is a 404 for everyone. */
function assertUserInArea(area: ModerationArea | null, user: { email: string } | undefined): void {
  if (!user) throw notFound('User');
  if (area && !isEmailInArea(area, user.email)) throw forbidden('This user is not of a region you moderate');
}

function rideSummary(regions: RegionDirectory, ride: RideRow) {
  const places = regions.placesOf(ride.region);
  return {
    id: ride.id,
    from: places.label(ride.fromPlace),
    to: places.label(ride.toPlace),
    departsAt: ride.departsAt.toISOString(),
    status: ride.status,
    hidden: ride.hiddenAt !== null,
  };
}

/**
 * The console's per-user view: the user with their counts, their latest rides and bookings (hidden
 * and cancelled ones too: an administrator judges the whole record), the reports they made and the
 * reports about them, and their latest verification application. 404 for an unknown id. A region
 * moderator sees a person of their regions only (403 otherwise), and of them what happened in
 * their regions: the rides, bookings and reports of other regions are left out.
 */
export async function getUserForAdmin(deps: ConsoleDeps, scope: ConsoleScope, userId: string): Promise<AdminUserDetail> {
  const { db } = deps;
  const area = consoleAreaOf(deps, scope);
  const row = await findUserWithCounts(db, userId);
  assertUserInArea(area, row?.user);
  const inArea = (ride: RideRow) => !area || area.regions.includes(ride.region);
  const [rides, bookings, reports, submission] = await Promise.all([
    findRecentRidesOfDriver(db, userId, ADMIN_USER_DETAIL_LIMIT),
    findRecentBookingsOfUser(db, userId, ADMIN_USER_DETAIL_LIMIT),
    listReportsOfUserForAdmin(deps, userId, ADMIN_USER_DETAIL_LIMIT, area),
    findLatestSubmissionOfUser(db, userId),
  ]);
  return {
    user: toAdminUser(row!),
    rides: rides.filter(inArea).map((ride) => ({ ...rideSummary(deps.regions, ride), totalSeats: ride.totalSeats, seatsAvailable: ride.seatsAvailable })),
    bookings: bookings
      .filter(({ ride }) => inArea(ride))
      .map(({ booking, ride }) => ({
        id: booking.id,
        seats: booking.seats,
        status: booking.status,
        createdAt: booking.createdAt.toISOString(),
        ride: rideSummary(deps.regions, ride),
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

/** Suspends the account in the administrator's (or the person's region moderator's) name (the suspension use-case; audited there). */
export async function suspendUserAsAdmin(
  deps: ConsoleDeps & Pick<AppDeps, 'clock' | 'events'>,
  adminId: string,
  scope: ConsoleScope,
  userId: string,
  reason: string,
): Promise<void> {
  const area = consoleAreaOf(deps, scope);
  if (area) assertUserInArea(area, await findUserById(deps.db, userId));
  await suspendUser(deps, adminId, userId, reason);
}

/** Lifts the suspension in the administrator's (or the person's region moderator's) name (audited by the suspension use-case). */
export async function unsuspendUserAsAdmin(deps: ConsoleDeps & Pick<AppDeps, 'clock' | 'events'>, adminId: string, scope: ConsoleScope, userId: string): Promise<void> {
  const area = consoleAreaOf(deps, scope);
  if (area) assertUserInArea(area, await findUserById(deps.db, userId));
  await unsuspendUser(deps, adminId, userId);
}

/** The console's audit log, newest first: what the audit module records, as it lists it. */
export async function listAuditForAdmin(db: Queryable, filter: Parameters<typeof listAudit>[1]): Promise<{ entries: AuditEntry[] }> {
  return listAudit(db, filter);
}
