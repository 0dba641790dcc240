import type { Region } from '@carpool/shared/regions';
import type { FeedbackInput } from '@carpool/shared/schemas/feedback';
import type { Queryable } from '../../db/client.js';
import { insertFeedback } from './feedback.repository.js';

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
