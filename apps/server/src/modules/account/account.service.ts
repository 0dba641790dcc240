import type { AppDeps } from '../../app-deps.js';
import type { Queryable } from '../../db/client.js';
import { transactionRetryingDeadlocks } from '../../db/deadlock-retry.js';
import { AppError, badRequest, notFound } from '../../lib/app-error.js';
import type { EventBus } from '../../lib/events.js';
import { recordAudit } from '../audit/audit.service.js';
import { deleteSessionsOfUser, revokeSessionsOfUser } from '../auth/auth.service.js';
import { deleteBlocksOf } from '../blocks/blocks.service.js';
import { forgetDeliveryStateOfUser } from '../delivery/delivery.service.js';
import { cancelUpcomingBookingsOfUser } from '../bookings/bookings.service.js';
import { deleteFilesOf } from '../files/files.service.js';
import { deleteNotificationsOf, replaceNameInNotificationsAbout } from '../notifications/notifications.service.js';
import { forgetPushSubscriptionsOfUser } from '../push/push.service.js';
import { deleteRideRequestsOfUser } from '../ride-requests/ride-requests.service.js';
import { cancelUpcomingRidesOfDriver, stopRideSeriesOfDriver } from '../rides/rides.service.js';
import { DELETED_USER_NAME, anonymiseUser, lockUser, setSuspension, type UserRow } from '../users/users.service.js';
import { deleteSubmissionsOfUser } from '../verification/verification.service.js';

type AccountDeps = Pick<AppDeps, 'db' | 'clock' | 'events'>;

/**
 * Suspends a user inside the caller's transaction (a report's resolution runs it in its own):
 * the account is marked, every session revoked, upcoming rides cancelled with their passengers
 * told, and the user's own upcoming bookings released. Returns what to run after commit: the
 * notifications and the end of the user's sockets on every process.
 */
export async function suspendUserInTransaction(
  tx: Queryable,
  events: EventBus,
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
  const afterRides = await cancelUpcomingRidesOfDriver(tx, events, user.id, options.now, 'suspended');
  const bookingPushes = await cancelUpcomingBookingsOfUser(tx, events, user.id, options.now);
  await recordAudit(tx, {
    actorId: options.actorId,
    action: 'user_suspended',
    targetType: 'user',
    targetId: user.id,
    reason: options.reason,
    at: options.now,
  });
  return () => {
    for (const sessionId of sessionIds) events.publish('session-ended', { sessionId });
    afterRides();
    for (const push of bookingPushes) push();
  };
}

export async function suspendUser(deps: AccountDeps, actorId: string, userId: string, reason: string): Promise<void> {
  if (actorId === userId) throw badRequest('You cannot suspend yourself');
  const now = deps.clock.now();
  const after = await transactionRetryingDeadlocks(deps.db, (tx) => suspendUserInTransaction(tx, deps.events, { userId, actorId, reason, now }));
  after();
}

/** Lifts a suspension: the user may sign in again (their cancelled rides stay cancelled). */
export async function unsuspendUser(deps: AccountDeps, actorId: string, userId: string): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (user.deletedAt) throw notFound('User');
    if (!user.suspendedAt) throw new AppError('INVALID_TRANSITION', 'This account is not suspended');
    await setSuspension(tx, userId, null);
    await recordAudit(tx, { actorId, action: 'user_unsuspended', targetType: 'user', targetId: userId, at: now });
  });
}

/**
 * Deletes the caller's account (see the account-deletion decision): upcoming rides cancelled and
 * bookings released with the usual notifications; sessions, notifications, open ride requests,
 * blocks, verification submissions and every uploaded file deleted; the personal fields erased.
 * What others still need (messages they received, reviews, past rides) stays and shows "Deleted
 * user". One transaction, with its audit row.
 */
export async function deleteAccount(deps: AccountDeps, user: UserRow): Promise<void> {
  const now = deps.clock.now();
  const after = await transactionRetryingDeadlocks(deps.db, async (tx) => {
    // The driver's weekly series first, before the user's row, and again after it for a series
    // posted meanwhile (see stopRideSeriesOfDriver).
    await stopRideSeriesOfDriver(tx, user.id, now);
    const current = await lockUser(tx, user.id);
    await stopRideSeriesOfDriver(tx, user.id, now);
    if (current.deletedAt) throw notFound('User');
    const afterRides = await cancelUpcomingRidesOfDriver(tx, deps.events, user.id, now, 'deleted');
    const bookingPushes = await cancelUpcomingBookingsOfUser(tx, deps.events, user.id, now);
    const sessionIds = await deleteSessionsOfUser(tx, user.id);
    await deleteNotificationsOf(tx, user.id);
    await replaceNameInNotificationsAbout(tx, user.id, current.name, DELETED_USER_NAME);
    await deleteRideRequestsOfUser(tx, user.id);
    await deleteBlocksOf(tx, user.id);
    await anonymiseUser(tx, user.id, now);
    await deleteSubmissionsOfUser(tx, user.id);
    await deleteFilesOf(tx, user.id);
    await forgetPushSubscriptionsOfUser(tx, user.id);
    await forgetDeliveryStateOfUser(tx, user.id);
    await recordAudit(tx, { actorId: user.id, action: 'account_deleted', targetType: 'user', targetId: user.id, at: now });
    return () => {
      for (const sessionId of sessionIds) deps.events.publish('session-ended', { sessionId });
      afterRides();
      for (const push of bookingPushes) push();
    };
  });
  after();
}
