import { z } from 'zod';
import { FEEDBACK_MAX_CHARS } from '../constants.js';

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
