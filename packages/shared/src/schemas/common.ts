import { z } from 'zod';
import { ERROR_STATUS } from '../errors.js';
import { REGION_SLUG_PATTERN } from './regions.js';

/** A region's slug (the regions are data: GET /api/regions). */
export const RegionSchema = z.string().regex(REGION_SLUG_PATTERN);

export const UuidSchema = z.uuid();

export const IdParams = z.object({ id: UuidSchema });
export const UserIdParams = z.object({ userId: UuidSchema });

/** A file sent as a part of a multipart/form-data form (documented only: the server reads the stream). */
export const UploadedFile = z.string().meta({ format: 'binary', description: 'An image file of at most 5 MB' });

/** A response body that is a file's bytes, not JSON. */
export const BinaryFile = z.string().meta({ format: 'binary' });

/** A response body that is a small HTML page for a person (links followed from an e-mail). */
export const HtmlPage = z.string().meta({ description: 'An HTML page' });

/** The body of every error answer (see ERROR_STATUS for the codes and their statuses). */
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

/**
 * The position in a newest-first list: the created (or confirmed) instant to the microsecond and the
 * id of the last item of the previous page, as that page's `nextBefore` gave it. Opaque to clients.
 */
export const KeysetCursor = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'must be the nextBefore of a previous page')
  // A day that does not exist (February 30) would reach the database's cast as an error: the
  // instant must read back as written.
  .refine((cursor) => {
    const millis = Date.parse(cursor.slice(0, 27));
    return !Number.isNaN(millis) && new Date(millis).toISOString().slice(0, 23) === cursor.slice(0, 23);
  }, 'must be the nextBefore of a previous page');

/** Bounded keyset paging for newest-first lists: the next page starts after `before`. */
export function keysetQuery(defaultLimit: number, maxLimit: number) {
  return z.object({
    limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
    before: KeysetCursor.optional(),
  });
}
