import { isDeepStrictEqual } from 'node:util';
import type { College } from '@carpool/shared/colleges';
import type { SpecRegion } from '@carpool/shared/fixtures/spec-places';
import { addDays, startOfDayInTimeZone } from '@carpool/shared/time-zones';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db } from '../../apps/server/src/db/client.js';
import * as schema from '../../apps/server/src/db/schema.js';
import { findSessionWithUser } from '../../apps/server/src/modules/auth/sessions.repository.js';
import { findBookingsOfUserOnRides, searchUpcomingRides } from '../../apps/server/src/modules/rides/rides.repository.js';
import { buildSearchParams, searchShape, type SearchFilterInput, type SearchSqlTemplates } from './search-sql.js';

const PAGE_LIMIT = 50;
/** A viewer for the captured search (signed in, as the benchmark's clients are); no row needs to exist. */
const SOME_USER = '00000000-0000-4000-8000-000000000000';

/** A drizzle database on the bench pool that remembers the last statement it ran. */
function recordingDb(pool: pg.Pool) {
  const last = { sql: '', params: [] as unknown[] };
  const db = drizzle(pool, {
    schema,
    logger: {
      logQuery(query, params) {
        last.sql = query;
        last.params = params;
      },
    },
  }) as unknown as Db;
  return { db, last };
}

/**
 * Runs the app's repository functions once per filter shape the benchmark uses and keeps the SQL
 * drizzle generated. For each shape it also checks that the baseline's parameters are exactly
 * drizzle's, so a change to the repository fails the bench here instead of skewing the ratio.
 */
export async function captureSearchSql(pool: pg.Pool, filters: readonly SearchFilterInput[]): Promise<SearchSqlTemplates> {
  const { db, last } = recordingDb(pool);
  const templates: SearchSqlTemplates = { session: '', search: {}, bookingsOfUser: '' };

  await findSessionWithUser(db, 'no-such-token-hash');
  if (!isDeepStrictEqual(last.params, ['no-such-token-hash', 1])) throw new Error('findSessionWithUser changed its parameters; update the baseline');
  templates.session = last.sql;

  for (const filter of filters) {
    const shape = searchShape(filter);
    if (templates.search[shape]) continue;
    const now = new Date();
    await searchUpcomingRides(
      db,
      {
        region: filter.region as SpecRegion,
        viewerId: SOME_USER,
        departsAfter: now,
        from: filter.from,
        to: filter.to,
        colleges: filter.colleges as College[] | undefined,
        departsFrom: filter.startDate ? startOfDayInTimeZone(filter.startDate, filter.timezone) : undefined,
        departsBefore: filter.endDate ? startOfDayInTimeZone(addDays(filter.endDate, 1), filter.timezone) : undefined,
      },
      { limit: filter.limit, offset: filter.offset },
    );
    const expected = buildSearchParams(filter, now, SOME_USER);
    if (!isDeepStrictEqual(last.params, expected)) {
      throw new Error(
        `The baseline's search parameters no longer match the app's for shape ${shape}:\n  app:      ${JSON.stringify(last.params)}\n  baseline: ${JSON.stringify(expected)}\nUpdate bench/search/search-sql.ts to follow rides.repository.ts.`,
      );
    }
    templates.search[shape] = last.sql;
  }

  const ids = Array.from({ length: PAGE_LIMIT }, (_, index) => `00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`);
  await findBookingsOfUserOnRides(db, SOME_USER, ids);
  if (!isDeepStrictEqual(last.params, [SOME_USER, ids])) throw new Error('findBookingsOfUserOnRides changed its parameters; update the baseline');
  templates.bookingsOfUser = last.sql;
  return templates;
}
