import { z } from 'zod';
import { RegionSchema } from './common.js';

export const SubscriptionInput = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email().max(254)),
});
export type SubscriptionInput = z.infer<typeof SubscriptionInput>;

export const SubscriptionDto = z.object({ email: z.string(), region: RegionSchema, subscribed: z.literal(true) });
