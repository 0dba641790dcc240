import type { AppDeps } from '../../app-deps.js';
import type { Queryable } from '../../db/client.js';
import { transactionRetryingDeadlocks } from '../../db/deadlock-retry.js';
import { AppError, badRequest, notFound } from '../../lib/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { revokeSessionsOfUser } from '../auth/auth.service.js';
import { stopRideSeriesOfDriver } from '../rides/rides.service.js';
import { cancelUpcomingBookingsOfUser } from '../trips/booking-changes.service.js';
import { cancelUpcomingRidesOfDriver } from '../trips/ride-changes.service.js';
import { lockUser, setSuspension } from '../users/users.service.js';

/*
 * Suspension: an administrator's (or a report's resolution's) use-case over the user's account,
 * sessions, rides and bookings. It sits above the trips use-cases it calls and below the reports
 * and the admin console that call it (docs/decisions/seat-inventory-and-module-shape.md).
 */

type SuspensionDeps = Pick<AppDeps, 'db' | 'clock' | 'events' | 'regions'>;

/**
 * Suspends a user inside the caller's transaction (a report's resolution runs it in its own):
 * the account is marked, every session revoked, upcoming rides cancelled with their passengers
 * told, and the user's own upcoming bookings released. Returns what to run after commit: the
 * notifications and the end of the user's sockets on every process.
 */
export async function suspendUserInTransaction(
  tx: Queryable,
  deps: Pick<AppDeps, 'events' | 'regions'>,
  options: { userId: string; actorId: string | null; reason: string; now: Date },
): Promise<() => void> {
  // The driver's weekly series first, before the user's row, and again after it for a series
  // posted meanwhile (see stopRideSeriesOfDriver).
  await stopRideSeriesOfDriver(tx, options.userId, options.now);
  const user = await lockUser(tx, options.userId);
  await stopRideSeriesOfDriver(tx, options.userId, options.now);
  if (user.deletedAt) throw notFound('User');
  if (user.suspendedAt) throw new AppError('INVALID_TRANSITION', 'This account is already suspended');
  await setSuspension(tx, user.id, { suspendedAt: options.now, reason: options.reason });
  const sessionIds = await revokeSessionsOfUser(tx, user.id, options.now);
  const afterRides = await cancelUpcomingRidesOfDriver(tx, deps, user.id, options.now, 'suspended');
  const bookingPushes = await cancelUpcomingBookingsOfUser(tx, deps, user.id, options.now);
  await recordAudit(tx, {
    actorId: options.actorId,
    action: 'user_suspended',
    targetType: 'user',
    targetId: user.id,
    reason: options.reason,
    at: options.now,
  });
  return () => {
    for (const sessionId of sessionIds) deps.events.publish('session-ended', { sessionId });
    afterRides();
    for (const push of bookingPushes) push();
  };
}

export async function suspendUser(deps: SuspensionDeps, actorId: string, userId: string, reason: string): Promise<void> {
  if (actorId === userId) throw badRequest('You cannot suspend yourself');
  const now = deps.clock.now();
  const after = await transactionRetryingDeadlocks(deps.db, (tx) => suspendUserInTransaction(tx, deps, { userId, actorId, reason, now }));
  after();
}

/** Lifts a suspension: the user may sign in again (their cancelled rides stay cancelled). */
export async function unsuspendUser(deps: SuspensionDeps, actorId: string, userId: string): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (user.deletedAt) throw notFound('User');
    if (!user.suspendedAt) throw new AppError('INVALID_TRANSITION', 'This account is not suspended');
    await setSuspension(tx, userId, null);
    await recordAudit(tx, { actorId, action: 'user_unsuspended', targetType: 'user', targetId: userId, at: now });
  });
}
