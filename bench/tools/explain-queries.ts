/**
 * Seeds a fresh database (BENCH_SCALE applies) and prints EXPLAIN ANALYZE of the ride search (one
 * query per filter shape of the benchmark's mix) and of the inbox, as the results file shows them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { explainQueries } from '../explain/run-explain.js';
import { createBenchDatabase, dropBenchDatabase, openPool } from '../lib/database.js';
import { freePort, startAppServer } from '../lib/processes.js';
import { captureSearchSql } from '../search/capture-search-sql.js';
import { buildSearchRequests, filterOfSearch } from '../search/search-requests.js';
import { busiestInboxUser, seedDatabase } from '../seed/seed-data.js';

const database = await createBenchDatabase();
const pool = openPool(database.url);
const dataDir = mkdtempSync(path.join(tmpdir(), 'carpool-bench-data-'));
try {
  // The app migrates the empty database.
  const app = await startAppServer({ port: await freePort(), databaseUrl: database.url, dataDir });
  await app.stop();
  const seeded = await seedDatabase(pool);
  const filters = buildSearchRequests(seeded.signedIn, 2_000, seeded.seededAt).map(filterOfSearch);
  const templates = await captureSearchSql(pool, filters);
  for (const query of await explainQueries(pool, templates, filters, await busiestInboxUser(pool))) {
    console.log(`\n### ${query.name}${query.seqScans.length ? ` (sequential scan on ${query.seqScans.join(', ')})` : ''}\n${query.plan}`);
  }
} finally {
  await pool.end();
  rmSync(dataDir, { recursive: true, force: true });
  await dropBenchDatabase(database);
}
