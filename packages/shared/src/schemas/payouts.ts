import { z } from 'zod';

/** Field name as the specification spells it. */
export const PayoutStatusDto = z.object({ payouts_enabled: z.boolean() });
export type PayoutStatus = z.infer<typeof PayoutStatusDto>;
