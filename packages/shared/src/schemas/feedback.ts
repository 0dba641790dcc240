import { z } from 'zod';
import { FEEDBACK_MAX_CHARS } from '../constants.js';
import { KeysetCursor, RegionSchema, keysetQuery } from './common.js';

export const FeedbackInput = z.object({
  comment: z.string().trim().min(1).max(FEEDBACK_MAX_CHARS),
  /** Optional; a blank field counts as no address. */
  email: z
    .union([z.literal(''), z.email().max(254)])
    .optional()
    .nullable()
    .transform((value) => (value ? value.toLowerCase() : null)),
});
export type FeedbackInput = z.infer<typeof FeedbackInput>;

export const FeedbackDto = z.object({ id: z.uuid(), createdAt: z.iso.datetime() });

/** The console's feedback inbox: a page of this many by default, and at most this many. */
export const ADMIN_FEEDBACK_PAGE_SIZE = 20;
export const ADMIN_FEEDBACK_PAGE_MAX = 100;

export const AdminFeedbackQuery = keysetQuery(ADMIN_FEEDBACK_PAGE_SIZE, ADMIN_FEEDBACK_PAGE_MAX);
export type AdminFeedbackQuery = z.infer<typeof AdminFeedbackQuery>;

/** One message of the feedback form as an administrator reads it. */
export const AdminFeedbackDto = z.object({
  id: z.uuid(),
  comment: z.string(),
  /** The address typed in the form (optional there), lower-cased. */
  email: z.string().nullable(),
  region: RegionSchema,
  createdAt: z.iso.datetime(),
  /** The account that was signed in when it was sent; null for a signed-out sender. */
  sender: z
    .object({
      id: z.uuid(),
      name: z.string(),
      /** Null once the account was deleted (its name then reads "Deleted user"). */
      email: z.string().nullable(),
    })
    .nullable(),
  /** When an administrator marked it handled; null while it waits. */
  handledAt: z.iso.datetime().nullable(),
  /** Who marked it handled: null for the admin command, and while it waits. */
  handledBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});
export type AdminFeedback = z.infer<typeof AdminFeedbackDto>;

export const AdminFeedbackListDto = z.object({
  feedback: z.array(AdminFeedbackDto),
  /** Pass as `before` for the next, older page; null on the last page. */
  nextBefore: KeysetCursor.nullable(),
});
export type AdminFeedbackList = z.infer<typeof AdminFeedbackListDto>;
