import type pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Db } from '../../apps/server/src/db/client.js';
import * as schema from '../../apps/server/src/db/schema.js';
import { findInbox } from '../../apps/server/src/modules/direct-messages/direct-messages.repository.js';
import { buildSearchParams, searchShape, type SearchFilterInput, type SearchSqlTemplates } from '../search/search-sql.js';

export interface ExplainedQuery {
  name: string;
  plan: string;
  /** Tables read by a sequential scan; the benchmark's acceptance is that there is none on the big tables. */
  seqScans: string[];
}

const BIG_TABLES = ['rides', 'users', 'sessions', 'bookings', 'conversations', 'direct_messages'];

async function explain(pool: pg.Pool, name: string, text: string, params: unknown[]): Promise<ExplainedQuery> {
  const { rows } = await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, costs off, timing on, summary on) ${text}`, params);
  const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
  const seqScans = [...plan.matchAll(/Seq Scan on (\w+)/g)].map((match) => match[1]!).filter((table) => BIG_TABLES.includes(table));
  return { name, plan, seqScans };
}

/** EXPLAIN ANALYZE of the ride search, one query per filter shape (the first filter of each), named `<label> (<shape>)`. */
export async function explainSearches(
  pool: pg.Pool,
  templates: SearchSqlTemplates,
  filters: readonly SearchFilterInput[],
  viewerId: string,
  label = 'ride search',
): Promise<ExplainedQuery[]> {
  const explained: ExplainedQuery[] = [];
  const seen = new Set<string>();
  for (const filter of filters) {
    const shape = searchShape(filter);
    if (seen.has(shape)) continue;
    seen.add(shape);
    explained.push(await explain(pool, `${label} (${shape})`, templates.search[shape]!, buildSearchParams(filter, new Date(), viewerId)));
  }
  return explained;
}

/** EXPLAIN ANALYZE of the ride search (one query per filter shape) and of the inbox, on the seeded data. */
export async function explainQueries(
  pool: pg.Pool,
  templates: SearchSqlTemplates,
  filters: readonly SearchFilterInput[],
  inboxUserId: string,
): Promise<ExplainedQuery[]> {
  const explained = await explainSearches(pool, templates, filters, inboxUserId);
  const last = { sql: '', params: [] as unknown[] };
  const db = drizzle(pool, { schema, logger: { logQuery: (query, params) => Object.assign(last, { sql: query, params }) } }) as unknown as Db;
  await findInbox(db, inboxUserId, 50);
  explained.push(await explain(pool, 'inbox (findInbox)', last.sql, last.params));
  return explained;
}
