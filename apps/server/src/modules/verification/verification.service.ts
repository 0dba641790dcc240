import {
  VERIFICATION_DOCUMENT_FIELDS,
  type SubmissionStatus,
  type VerificationDocumentField,
  type VerificationFieldsInput,
  type MyVerification,
  type VerificationSubmission,
} from '@carpool/shared/schemas/verification';
import type { SessionUser } from '@carpool/shared/schemas/users';
import type { Config } from '../../config.js';
import type { Db, Queryable } from '../../db/client.js';
import { AppError, badRequest, forbidden, notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { EventBus } from '../../lib/events.js';
import type { ConsoleScope } from '../../plugins/auth.js';
import { recordAudit } from '../audit/audit.service.js';
import { consoleAreaOf, isEmailInArea, type ModerationArea, type RegionDirectory } from '../regions/regions.service.js';
import { createNotification } from '../notifications/notifications.service.js';
import { prepareImage, storeImage, type FileKind, type PreparedImage } from '../files/files.service.js';
import { fileUrl } from '../users/users.mapper.js';
import type { UserRow } from '../users/users.service.js';
import { lockSignedInUser, lockUser, sessionUserOfRow, setVerificationState } from '../users/users.service.js';
import {
  decidePendingSubmission,
  findSubmissionWithUser,
  insertSubmission,
  listSubmissionsByStatus,
  type SubmissionWithUserRow,
} from './verification.repository.js';
import * as verificationRepository from './verification.repository.js';

/** The user's latest application, if any: the admin console's per-user view shows it. */
export async function findLatestSubmissionOfUser(db: Queryable, userId: string) {
  return verificationRepository.findLatestSubmissionOfUser(db, userId);
}

/** Every application of the user, oldest first, for the account's data export. */
export async function findSubmissionsOfUser(db: Queryable, userId: string) {
  return verificationRepository.findSubmissionsOfUser(db, userId);
}

/** Deletes the user's applications, inside the account deletion's transaction. */
export async function deleteSubmissionsOfUser(db: Queryable, userId: string): Promise<void> {
  await verificationRepository.deleteSubmissionsOfUser(db, userId);
}

export interface VerificationDeps {
  db: Db;
  clock: Clock;
  config: Config;
  regions: RegionDirectory;
}

const FILE_KIND_OF: Record<VerificationDocumentField, FileKind> = {
  licenseFront: 'license_front',
  licenseBack: 'license_back',
  insurance: 'insurance',
};

const DOCUMENT_LABELS: Record<VerificationDocumentField, string> = {
  licenseFront: 'the front of your driver license',
  licenseBack: 'the back of your driver license',
  insurance: 'your insurance document',
};

function toSubmissionDto(row: SubmissionWithUserRow): VerificationSubmission {
  const { submission, user } = row;
  return {
    id: submission.id,
    status: submission.status,
    licenseExpiration: submission.licenseExpiration,
    insuranceExpiration: submission.insuranceExpiration,
    createdAt: submission.createdAt.toISOString(),
    decidedAt: submission.decidedAt?.toISOString() ?? null,
    rejectReason: submission.rejectReason,
    user,
    documents: {
      licenseFront: fileUrl(submission.licenseFrontFileId)!,
      licenseBack: fileUrl(submission.licenseBackFileId)!,
      insurance: fileUrl(submission.insuranceFileId)!,
    },
  };
}

/** The caller's own state and latest application; only ever answered to the applicant themself. */
export async function getOwnVerification(db: Db, user: UserRow): Promise<MyVerification> {
  const submission = await findLatestSubmissionOfUser(db, user.id);
  return {
    verificationStatus: user.verificationStatus,
    submission: submission ? toSubmissionDto({ submission, user: { id: user.id, name: user.name, email: user.email } }) : null,
  };
}

/** A new application is possible from none (first time) or rejected (try again). */
export function assertMaySubmitVerification(user: UserRow): void {
  if (user.verificationStatus !== 'none' && user.verificationStatus !== 'rejected') {
    throw new AppError(
      'CONFLICT',
      user.verificationStatus === 'pending'
        ? 'Your documents are already being reviewed'
        : 'You are already a verified driver',
    );
  }
}

function assertNotExpired(clock: Clock, date: string | null, what: string): void {
  if (date !== null && date < clock.now().toISOString().slice(0, 10)) {
    throw badRequest(`The ${what} expiration date has passed`);
  }
}

/**
 * Stores the three documents privately and puts the user's verification to pending, all in one
 * transaction under the user's row lock so that two uploads at once cannot both pass.
 */
export async function submitVerification(
  deps: VerificationDeps,
  userId: string,
  upload: { files: Map<string, Buffer>; fields: VerificationFieldsInput },
): Promise<{ user: SessionUser; submission: VerificationSubmission }> {
  for (const field of VERIFICATION_DOCUMENT_FIELDS) {
    if (!upload.files.has(field)) throw badRequest(`Please add ${DOCUMENT_LABELS[field]} (form field "${field}")`);
  }
  assertNotExpired(deps.clock, upload.fields.licenseExpiration, 'license');
  assertNotExpired(deps.clock, upload.fields.insuranceExpiration, 'insurance');

  const images = {} as Record<VerificationDocumentField, PreparedImage>;
  for (const field of VERIFICATION_DOCUMENT_FIELDS) {
    images[field] = await prepareImage(upload.files.get(field)!, 'document');
  }

  const { user, submissionId } = await deps.db.transaction(async (tx) => {
    const current = await lockSignedInUser(tx, userId);
    assertMaySubmitVerification(current);
    const fileIds = {} as Record<VerificationDocumentField, string>;
    for (const field of VERIFICATION_DOCUMENT_FIELDS) {
      const file = await storeImage(tx, images[field], { ownerId: userId, kind: FILE_KIND_OF[field], visibility: 'private' });
      fileIds[field] = file.id;
    }
    const submission = await insertSubmission(tx, {
      userId,
      licenseFrontFileId: fileIds.licenseFront,
      licenseBackFileId: fileIds.licenseBack,
      insuranceFileId: fileIds.insurance,
      licenseExpiration: upload.fields.licenseExpiration,
      insuranceExpiration: upload.fields.insuranceExpiration,
    });
    const user = await setVerificationState(tx, userId, { verificationStatus: 'pending' });
    return { user, submissionId: submission.id };
  });
  const stored = await findSubmissionWithUser(deps.db, submissionId);
  return { user: sessionUserOfRow(deps, user), submission: toSubmissionDto(stored!) };
}

/** The queue as the admin command lists it: everyone's. */
export async function listVerifications(
  db: Db,
  status: SubmissionStatus,
  page: { limit: number; offset: number },
): Promise<VerificationSubmission[]> {
  return (await listSubmissionsByStatus(db, status, page, null)).map(toSubmissionDto);
}

type ConsoleDeps = Pick<VerificationDeps, 'db' | 'clock' | 'config' | 'regions'> & { events: EventBus };

/** The console's queue: everyone's for a platform administrator, the applicants of their regions for a region moderator. */
export async function listVerificationsForConsole(
  deps: Pick<VerificationDeps, 'db' | 'config' | 'regions'>,
  scope: ConsoleScope,
  status: SubmissionStatus,
  page: { limit: number; offset: number },
): Promise<VerificationSubmission[]> {
  const area = consoleAreaOf(deps, scope);
  return (await listSubmissionsByStatus(deps.db, status, page, area?.emailDomains ?? null)).map(toSubmissionDto);
}

/** A decision from the console: a region moderator decides only the applications of their regions' people (403 otherwise). */
export async function decideVerificationInConsole(
  deps: ConsoleDeps,
  scope: ConsoleScope,
  submissionId: string,
  decision: 'approved' | 'rejected',
  decidedBy: string | null,
  rejectReason = '',
): Promise<VerificationSubmission> {
  return decide(deps, submissionId, decision, decidedBy, rejectReason, consoleAreaOf(deps, scope));
}

/**
 * Approves or rejects a pending submission and moves the user with it: approval makes them a
 * verified driver, rejection lets them submit again. `decidedBy` is null from the admin command.
 */
export async function decideVerification(
  deps: Pick<VerificationDeps, 'db' | 'clock'> & { events: EventBus },
  submissionId: string,
  decision: 'approved' | 'rejected',
  decidedBy: string | null,
  rejectReason = '',
): Promise<VerificationSubmission> {
  return decide(deps, submissionId, decision, decidedBy, rejectReason, null);
}

async function decide(
  deps: Pick<VerificationDeps, 'db' | 'clock'> & { events: EventBus },
  submissionId: string,
  decision: 'approved' | 'rejected',
  decidedBy: string | null,
  rejectReason: string,
  area: ModerationArea | null,
): Promise<VerificationSubmission> {
  const now = deps.clock.now();
  const push = await deps.db.transaction(async (tx) => {
    const found = await findSubmissionWithUser(tx, submissionId);
    if (!found) throw notFound('Verification submission');
    if (area && !isEmailInArea(area, found.user.email)) throw forbidden('This application is of a region you do not moderate');
    await lockUser(tx, found.user.id);
    const decided = await decidePendingSubmission(tx, submissionId, {
      status: decision,
      decidedBy,
      decidedAt: now,
      rejectReason: decision === 'rejected' ? rejectReason : null,
    });
    if (!decided) {
      // Read again: another admin may have decided it after the first read.
      const current = await findSubmissionWithUser(tx, submissionId);
      throw new AppError('INVALID_TRANSITION', `This submission was already ${current?.submission.status ?? 'decided'}`);
    }
    await setVerificationState(tx, found.user.id, {
      verificationStatus: decision,
      driverVerified: decision === 'approved',
    });
    await recordAudit(tx, {
      actorId: decidedBy,
      action: decision === 'approved' ? 'verification_approved' : 'verification_rejected',
      targetType: 'verification_submission',
      targetId: submissionId,
      reason: decision === 'rejected' ? rejectReason : '',
      at: now,
    });
    return createNotification(tx, deps.events, {
      userId: found.user.id,
      kind: 'verification_decided',
      title: decision === 'approved' ? 'You are a verified driver' : 'Your driver verification was not approved',
      body:
        decision === 'approved'
          ? 'An administrator checked your documents: your profile now shows the verified ring.'
          : `An administrator could not approve your documents${rejectReason ? `: ${rejectReason}` : '.'} You can submit them again from your profile.`,
    });
  });
  push();
  const stored = await findSubmissionWithUser(deps.db, submissionId);
  return toSubmissionDto(stored!);
}
