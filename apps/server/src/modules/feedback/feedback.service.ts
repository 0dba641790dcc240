import type { Region } from '@carpool/shared/regions';
import type { AdminFeedback, AdminFeedbackList, AdminFeedbackQuery, FeedbackInput } from '@carpool/shared/schemas/feedback';
import type { AppDeps } from '../../app-deps.js';
import type { Queryable } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import {
  findFeedbackForAdmin,
  findFeedbackForAdminById,
  insertFeedback,
  markFeedbackHandledOnce,
  type FeedbackForAdmin,
} from './feedback.repository.js';

/** Stores feedback; a signed-in sender is remembered so that a reply can reach the account. */
export async function sendFeedback(db: Queryable, input: FeedbackInput, sender: { userId: string | null; region: Region }) {
  const stored = await insertFeedback(db, {
    comment: input.comment,
    email: input.email,
    userId: sender.userId,
    region: sender.region,
  });
  return { id: stored.id, createdAt: stored.createdAt.toISOString() };
}

function toAdminFeedbackDto({ feedback, sender, handler }: FeedbackForAdmin): AdminFeedback {
  return {
    id: feedback.id,
    comment: feedback.comment,
    email: feedback.email,
    region: feedback.region,
    createdAt: feedback.createdAt.toISOString(),
    sender: sender ? { id: sender.id, name: sender.name, email: sender.deletedAt ? null : sender.email } : null,
    handledAt: feedback.handledAt?.toISOString() ?? null,
    handledBy: handler,
  };
}

/** The console's inbox: newest first, a page at a time (see KeysetCursor). */
export async function listFeedbackForAdmin(db: Queryable, query: AdminFeedbackQuery): Promise<AdminFeedbackList> {
  // One row more than asked says whether an older page exists, without a count.
  const rows = await findFeedbackForAdmin(db, { limit: query.limit + 1, before: query.before });
  const page = rows.slice(0, query.limit);
  return {
    feedback: page.map(toAdminFeedbackDto),
    nextBefore: rows.length > query.limit ? page.at(-1)!.cursor : null,
  };
}

/**
 * An administrator (null: the admin command) marks a message handled; the mark and its audit row
 * are one transaction. 404 for an unknown id, INVALID_TRANSITION when it was handled already.
 */
export async function markFeedbackHandled(deps: Pick<AppDeps, 'db' | 'clock'>, adminId: string | null, feedbackId: string): Promise<AdminFeedback> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    if (!(await markFeedbackHandledOnce(tx, feedbackId, { handledBy: adminId, handledAt: now }))) {
      if (!(await findFeedbackForAdminById(tx, feedbackId))) throw notFound('Feedback');
      throw new AppError('INVALID_TRANSITION', 'This feedback was already marked handled');
    }
    await recordAudit(tx, { actorId: adminId, action: 'feedback_handled', targetType: 'feedback', targetId: feedbackId, at: now });
  });
  return toAdminFeedbackDto((await findFeedbackForAdminById(deps.db, feedbackId))!);
}
