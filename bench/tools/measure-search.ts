/**
 * The app alone under the ride search load at saturation, for trying a change quickly: seeds a
 * fresh database (BENCH_SCALE applies), drives GET /api/rides/getall with the benchmark's mix.
 * With BENCH_CPU_PROF=1 the server writes a CPU profile to bench/results/profiles; summarize it
 * with tools/summarize-cpu-profile.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createBenchDatabase, dropBenchDatabase, openPool } from '../lib/database.js';
import { freePort, startAppServer } from '../lib/processes.js';
import { SIZES } from '../lib/scale.js';
import { searchHeaders, searchPath, buildSearchRequests } from '../search/search-requests.js';
import { seedDatabase } from '../seed/seed-data.js';

const seconds = Number(process.env.BENCH_SEARCH_SECONDS ?? 15);
const database = await createBenchDatabase();
const pool = openPool(database.url);
const dataDir = mkdtempSync(path.join(tmpdir(), 'carpool-bench-data-'));
try {
  const app = await startAppServer({ port: await freePort(), databaseUrl: database.url, dataDir, label: 'app-search' });
  const seeded = await seedDatabase(pool);
  const requests = buildSearchRequests(seeded.signedIn, 2_000, seeded.seededAt);
  let next = 0;
  const result = await autocannon({
    url: app.url,
    connections: SIZES.search.connections,
    duration: seconds,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const search = requests[next++ % requests.length]!;
          return { ...request, path: searchPath(search), headers: { ...request.headers, ...searchHeaders(search) } };
        },
      },
    ],
  });
  console.log(`${result.requests.average} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}`);
  await app.stop();
} finally {
  await pool.end();
  rmSync(dataDir, { recursive: true, force: true });
  await dropBenchDatabase(database);
}
