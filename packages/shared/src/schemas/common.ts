import { z } from 'zod';
import { ERROR_STATUS } from '../errors.js';
import { REGIONS } from '../regions.js';

export const RegionSchema = z.enum(REGIONS);

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
