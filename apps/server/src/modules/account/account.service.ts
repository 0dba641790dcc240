import type { AppDeps } from '../../app-deps.js';
import { transactionRetryingDeadlocks } from '../../db/deadlock-retry.js';
import { notFound } from '../../lib/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { deleteSessionsOfUser } from '../auth/auth.service.js';
import { deleteBlocksOf } from '../blocks/blocks.service.js';
import { forgetDeliveryStateOfUser } from '../delivery/delivery.service.js';
import { deleteFilesOf } from '../files/files.service.js';
import { deleteNotificationsOf, replaceNameInNotificationsAbout } from '../notifications/notifications.service.js';
import { forgetPushSubscriptionsOfUser } from '../push/push.service.js';
import { deleteRideRequestsOfUser } from '../ride-requests/ride-requests.service.js';
import { stopRideSeriesOfDriver } from '../rides/rides.service.js';
import { cancelUpcomingBookingsOfUser } from '../trips/booking-changes.service.js';
import { cancelUpcomingRidesOfDriver } from '../trips/ride-changes.service.js';
import { DELETED_USER_NAME, anonymiseUser, lockUser, type UserRow } from '../users/users.service.js';
import { deleteSubmissionsOfUser } from '../verification/verification.service.js';

type AccountDeps = Pick<AppDeps, 'db' | 'clock' | 'events' | 'regions'>;

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
    const afterRides = await cancelUpcomingRidesOfDriver(tx, deps, user.id, now, 'deleted');
    const bookingPushes = await cancelUpcomingBookingsOfUser(tx, deps, user.id, now);
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
