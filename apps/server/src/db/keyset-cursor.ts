import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Keyset paging of newest-first lists (`KeysetCursor` in the shared schemas): the cursor is the
 * last row's instant and id. The instant is written by the database to the microsecond, because a
 * JavaScript Date keeps milliseconds only and a cursor rounded down would skip the rows created
 * within the same millisecond as the last one shown.
 */
export function keysetCursorOf(at: AnyPgColumn, id: AnyPgColumn): SQL<string> {
  return sql<string>`to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '_' || ${id}::text`;
}

/** Rows strictly older than the cursor in (instant, id) order: one index range with an index on both. */
export function olderThanCursor(at: AnyPgColumn, id: AnyPgColumn, cursor: string): SQL {
  const split = cursor.lastIndexOf('_');
  return sql`(${at}, ${id}) < (${cursor.slice(0, split)}::timestamptz, ${cursor.slice(split + 1)}::uuid)`;
}
