/**
 * The app alone under the ride search load at saturation, for trying a change quickly: seeds a
 * fresh database (BENCH_SCALE applies), drives GET /api/rides/getall with the benchmark's mix.
 * With BENCH_CPU_PROF=1 the server writes a CPU profile to bench/results/profiles; summarize it
 * with tools/summarize-cpu-profile.ts.
 *
 * BENCH_SEARCH_DATABASE=pglite runs it on the embedded database instead of PostgreSQL: the app
 * makes the folder on a first start, the tool seeds it with PGlite while no server runs, then the
 * app serves it (PGLITE_SHARED_BUFFERS and the other server variables in the environment apply).
 * The resident memory of the server is printed at the end.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import { processCpuMs } from '../lib/cpu-time.js';
import { createBenchDatabase, dropBenchDatabase, openPool } from '../lib/database.js';
import { freePort, residentMb, startAppServer } from '../lib/processes.js';
import { SIZES } from '../lib/scale.js';
import { searchHeaders, searchPath, buildSearchRequests } from '../search/search-requests.js';
import { seedDatabase, type SeededData } from '../seed/seed-data.js';

const seconds = Number(process.env.BENCH_SEARCH_SECONDS ?? 15);
const target = process.env.BENCH_SEARCH_DATABASE ?? 'postgres';
if (target !== 'postgres' && target !== 'pglite') throw new Error(`BENCH_SEARCH_DATABASE must be postgres or pglite, got "${target}"`);
const database = target === 'postgres' ? await createBenchDatabase() : null;
const pool = database ? openPool(database.url) : null;
const dataDir = mkdtempSync(path.join(tmpdir(), 'carpool-bench-data-'));
/** Server variables the tool passes on (the embedded database's memory setting). */
const passed = Object.fromEntries(['PGLITE_SHARED_BUFFERS'].flatMap((name) => (process.env[name] ? [[name, process.env[name]!]] : [])));

/** Seeds the embedded database folder, made and migrated by a first start of the app, with no server running. */
async function seedEmbedded(): Promise<SeededData> {
  const first = await startAppServer({ port: await freePort(), databaseUrl: null, dataDir, label: 'app-create', env: passed });
  await first.stop();
  const embedded = new PGlite(path.join(dataDir, 'pg'));
  try {
    return await seedDatabase(embedded);
  } finally {
    await embedded.close();
  }
}

try {
  const seeded = pool ? null : await seedEmbedded();
  const app = await startAppServer({ port: await freePort(), databaseUrl: database?.url ?? null, dataDir, label: 'app-search', env: passed });
  const seededData = seeded ?? (await seedDatabase(pool!));
  const requests = buildSearchRequests(seededData.signedIn, 2_000, seededData.seededAt);
  let next = 0;
  const cpuBefore = processCpuMs(app.child.pid!);
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
  const cpuPerRequest = (processCpuMs(app.child.pid!) - cpuBefore) / result.requests.total;
  console.log(
    `${target}: ${result.requests.average} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, ` +
      `server CPU ${cpuPerRequest.toFixed(2)} ms per request, server RSS after ${residentMb(app.child.pid!).toFixed(0)} MB`,
  );
  await app.stop();
} finally {
  await pool?.end();
  rmSync(dataDir, { recursive: true, force: true });
  if (database) await dropBenchDatabase(database);
}
