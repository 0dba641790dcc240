import { z } from 'zod';
import { ERROR_STATUS } from '../errors.js';
import { REGIONS } from '../regions.js';

export const RegionSchema = z.enum(REGIONS);

export const UuidSchema = z.uuid();

export const IdParams = z.object({ id: UuidSchema });
export const UserIdParams = z.object({ userId: UuidSchema });

export const ErrorBodySchema = z.object({
  error: z.string(),
  message: z.string(),
  code: z.enum(Object.keys(ERROR_STATUS) as [keyof typeof ERROR_STATUS, ...(keyof typeof ERROR_STATUS)[]]),
  details: z.unknown().optional(),
});

/** Bounded paging for list reads. */
export function pagingQuery(defaultLimit: number, maxLimit: number) {
  return z.object({
    limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
    offset: z.coerce.number().int().min(0).max(100_000).default(0),
  });
}
