import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { blocks } from '../../db/schema.js';

/*
 * The blocks module's public query fragments: SQL that other modules' repositories put inside their
 * own statements, so that a block filters their rows in the same statement. The blocks module owns
 * the table and so the one definition of these; everything else about blocks goes through
 * blocks.service.ts (docs/decisions/module-boundaries.md).
 */

/**
 * True when the viewer and the user in `userColumn` blocked each other in either direction. Other
 * modules' list queries put `not (...)` of it in their WHERE so a block hides both people's rides
 * and requests from each other in the same statement (and in their prepared statements: the viewer
 * may be a placeholder; a null viewer, signed out, never matches).
 */
export function blockedEitherWay(viewerId: string | Placeholder | SQL, userColumn: AnyPgColumn): SQL {
  const viewer = sql`${viewerId}::uuid`;
  return sql`exists (select 1 from ${blocks} where (${blocks.blockerId} = ${viewer} and ${blocks.blockedId} = ${userColumn}) or (${blocks.blockerId} = ${userColumn} and ${blocks.blockedId} = ${viewer}))`;
}
