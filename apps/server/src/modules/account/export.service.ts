import type { AppDeps } from '../../app-deps.js';
import { buildZip, type ZipEntry } from '../../lib/zip.js';
import { findBlocksMadeBy } from '../blocks/blocks.service.js';
import { findAllDirectMessagesOf, toDirectMessageDto } from '../direct-messages/direct-messages.service.js';
import { filesOfOwner } from '../files/files.service.js';
import { findAllNotificationsOf, toNotificationDto } from '../notifications/notifications.service.js';
import { findReportsMadeBy } from '../reports/reports.service.js';
import { findAllRideRequestsOfUser } from '../ride-requests/ride-requests.service.js';
import { findRideMessagesByAuthor } from '../ride-messages/ride-messages.service.js';
import { reviewsForExport } from '../reviews/reviews.service.js';
import { findAllBookingsOfUser, findAllRidesOfDriver } from '../rides/rides.service.js';
import type { UserRow } from '../users/users.service.js';
import { findSubmissionsOfUser } from '../verification/verification.service.js';

const EXTENSIONS: Record<string, string> = { 'image/webp': 'webp', 'image/jpeg': 'jpg', 'image/png': 'png' };

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8');

function rideSummary(ride: { id: string; region: string; fromPlace: string; toPlace: string; departsAt: Date; status: string; driverId: string }) {
  return { id: ride.id, region: ride.region, from: ride.fromPlace, to: ride.toPlace, departsAt: ride.departsAt, status: ride.status, driverId: ride.driverId };
}

/**
 * Everything the product holds about the caller, as a ZIP of JSON files plus the files they
 * uploaded (see the data-export decision). Other people appear only as what the caller already
 * saw: their id and, where the app showed it, their name; never their e-mail or anything private.
 */
export async function exportAccount(deps: Pick<AppDeps, 'db' | 'clock'>, user: UserRow): Promise<{ fileName: string; archive: Buffer }> {
  const { db } = deps;
  const now = deps.clock.now();
  const [rides, bookings, requests, directMessages, rideMessages, reviews, reports, notifications, blocks, submissions, files] =
    await Promise.all([
      findAllRidesOfDriver(db, user.id),
      findAllBookingsOfUser(db, user.id),
      findAllRideRequestsOfUser(db, user.id),
      findAllDirectMessagesOf(db, user.id),
      findRideMessagesByAuthor(db, user.id),
      reviewsForExport(db, user.id),
      findReportsMadeBy(db, user.id),
      findAllNotificationsOf(db, user.id),
      findBlocksMadeBy(db, user.id),
      findSubmissionsOfUser(db, user.id),
      filesOfOwner(db, user.id),
    ]);
  const fileName = (file: { id: string; contentType: string }) => `files/${file.id}.${EXTENSIONS[file.contentType] ?? 'bin'}`;
  const entries: ZipEntry[] = [
    {
      name: 'profile.json',
      data: json({
        id: user.id,
        name: user.name,
        email: user.email,
        college: user.college,
        bio: user.bio,
        avatarColor: user.avatarColor,
        avatarFile: user.avatarFileId,
        preferences: {
          okayWithChatting: user.okayWithChatting,
          okayWithAnimals: user.okayWithAnimals,
          okayWithMusic: user.okayWithMusic,
          okayWithSmoking: user.okayWithSmoking,
        },
        verificationStatus: user.verificationStatus,
        driverVerified: user.driverVerified,
        signInIssuer: user.issuer,
        createdAt: user.createdAt,
        exportedAt: now,
      }),
    },
    { name: 'rides.json', data: json(rides) },
    {
      name: 'bookings.json',
      data: json(bookings.map(({ booking, ride }) => ({ ...booking, ride: rideSummary(ride) }))),
    },
    { name: 'ride-requests.json', data: json(requests) },
    {
      name: 'messages.json',
      data: json({
        direct: {
          sent: directMessages.filter((message) => message.senderId === user.id).map(toDirectMessageDto),
          received: directMessages.filter((message) => message.receiverId === user.id).map(toDirectMessageDto),
        },
        rideChatSent: rideMessages.map((message) => ({
          id: message.id,
          rideId: message.rideId,
          content: message.content,
          removedByAdministrator: message.hiddenAt !== null,
          createdAt: message.createdAt,
        })),
      }),
    },
    { name: 'reviews.json', data: json(reviews) },
    {
      name: 'reports.json',
      data: json(
        reports.map((report) => ({
          id: report.id,
          targetType: report.targetType,
          targetId: report.targetId,
          reason: report.reason,
          details: report.details,
          status: report.status,
          outcome: report.action,
          createdAt: report.createdAt,
          resolvedAt: report.resolvedAt,
        })),
      ),
    },
    { name: 'notifications.json', data: json(notifications.map(toNotificationDto)) },
    { name: 'blocks.json', data: json(blocks.map((block) => ({ blockedUserId: block.blockedId, createdAt: block.createdAt }))) },
    {
      name: 'verification.json',
      data: json(
        submissions.map((submission) => ({
          id: submission.id,
          status: submission.status,
          licenseExpiration: submission.licenseExpiration,
          insuranceExpiration: submission.insuranceExpiration,
          rejectReason: submission.rejectReason,
          createdAt: submission.createdAt,
          decidedAt: submission.decidedAt,
          documents: {
            licenseFront: `files/${submission.licenseFrontFileId}`,
            licenseBack: `files/${submission.licenseBackFileId}`,
            insurance: `files/${submission.insuranceFileId}`,
          },
        })),
      ),
    },
    {
      name: 'files.json',
      data: json(files.map((file) => ({ id: file.id, kind: file.kind, contentType: file.contentType, path: fileName(file), createdAt: file.createdAt }))),
    },
    ...files.map((file) => ({ name: fileName(file), data: file.bytes, modifiedAt: file.createdAt })),
  ].map((entry) => ({ modifiedAt: now, ...entry }));
  return { fileName: `carpool-export-${now.toISOString().slice(0, 10)}.zip`, archive: buildZip(entries) };
}
