/**
 * The app alone under the ride search load at saturation, for trying a change quickly: seeds a
 * fresh database (BENCH_SCALE applies), drives GET /api/rides/getall with the benchmark's mix.
 * With BENCH_CPU_PROF=1 the server writes a CPU profile under bench/results/profiles; summarize it
 * with tools/summarize-cpu-profile.ts.
 *
 * BENCH_SEARCH_DATABASE=pglite runs it on the embedded database instead of PostgreSQL: the app
 * makes the folder on a first start, the tool seeds it with PGlite while no server runs, then the
 * app serves it (PGLITE_SHARED_BUFFERS and the other server variables in the environment apply).
 * The resident memory of the server is printed at the end.
 *
 * BENCH_SEARCH_BASELINE=1 (PostgreSQL only) also starts the bench's bare baseline
 * (search/baseline-search-server.ts, the app's SQL captured from this database) and drives ours and
 * it in turn, BENCH_SEARCH_ROUNDS times (default 2), each with the CPU time per request of its
 * process and of PostgreSQL: the ratio the full run reports, in a minute. Before that it prints the
 * mean size of each server's answers; BENCH_SEARCH_DUMP=<prefix> writes the first answer that is not
 * empty of each to <prefix>-<server>.json (the same request for both).
 *
 * BENCH_SEARCH_MIX=stops drives the searches with stops of the full run instead (A or B a stop of a
 * seeded ride; search-requests.ts, buildStopSearchRequests).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import { processCpuMs, startPostgresCpu } from '../lib/cpu-time.js';
import { createBenchDatabase, dropBenchDatabase, openPool } from '../lib/database.js';
import { freePort, residentMb, startAppServer, startBenchScript } from '../lib/processes.js';
import { SIZES } from '../lib/scale.js';
import { captureSearchSql } from '../search/capture-search-sql.js';
import { checkSameAnswers, cyclingRequests } from '../search/run-search.js';
import { buildSearchRequests, buildStopSearchRequests, filterOfSearch, searchHeaders, searchPath, type SearchRequest } from '../search/search-requests.js';
import { seedDatabase, type SeededData } from '../seed/seed-data.js';

const seconds = Number(process.env.BENCH_SEARCH_SECONDS ?? 15);
const target = process.env.BENCH_SEARCH_DATABASE ?? 'postgres';
const withBaseline = process.env.BENCH_SEARCH_BASELINE === '1';
const rounds = Number(process.env.BENCH_SEARCH_ROUNDS ?? (withBaseline ? 2 : 1));
if (withBaseline && target !== 'postgres') throw new Error('BENCH_SEARCH_BASELINE=1 needs BENCH_SEARCH_DATABASE=postgres');
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

/** Drives one server at saturation and prints its rate, latencies and CPU per request. */
async function drive(name: string, url: string, pid: number, requests: readonly SearchRequest[]): Promise<void> {
  const cpuBefore = { server: processCpuMs(pid), postgres: startPostgresCpu() };
  const result = await autocannon({
    url,
    connections: SIZES.search.connections,
    duration: seconds,
    requests: cyclingRequests(requests),
  });
  const answered = Math.max(1, result.requests.total);
  const server = (processCpuMs(pid) - cpuBefore.server) / answered;
  const postgres = database ? ` PostgreSQL ${(cpuBefore.postgres() / answered).toFixed(2)} ms,` : '';
  console.log(
    `${name} (${target}): ${result.requests.average} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, ` +
      `CPU per request: server ${server.toFixed(2)} ms,${postgres} server RSS after ${residentMb(pid).toFixed(0)} MB`,
  );
}

try {
  const seeded = pool ? null : await seedEmbedded();
  const app = await startAppServer({ port: await freePort(), databaseUrl: database?.url ?? null, dataDir, label: 'app-search', env: passed });
  const seededData = seeded ?? (await seedDatabase(pool!));
  const requests =
    process.env.BENCH_SEARCH_MIX === 'stops'
      ? buildStopSearchRequests(seededData.signedIn, seededData.stopRides, 2_000)
      : buildSearchRequests(seededData.signedIn, 2_000, seededData.seededAt);
  const targets = [{ name: 'ours', url: app.url, pid: app.child.pid!, stop: () => app.stop() }];
  if (withBaseline) {
    const templatesFile = path.join(dataDir, 'search-sql.json');
    writeFileSync(templatesFile, JSON.stringify(await captureSearchSql(pool!, requests.map(filterOfSearch))));
    const baseline = await startBenchScript({
      label: 'baseline-search',
      script: 'search/baseline-search-server.ts',
      port: await freePort(),
      env: { BENCH_DATABASE_URL: database!.url, BENCH_SQL_TEMPLATES: templatesFile },
    });
    await checkSameAnswers(app.url, baseline.url, requests);
    targets.push({ name: 'baseline', url: baseline.url, pid: baseline.child.pid!, stop: () => baseline.stop() });
  }
  for (const { name, url } of targets) {
    const answers = await Promise.all(
      requests.slice(0, 200).map(async (search) => (await fetch(url + searchPath(search), { headers: searchHeaders(search) })).text()),
    );
    const kilobytes = answers.reduce((sum, answer) => sum + Buffer.byteLength(answer), 0) / answers.length / 1024;
    console.log(`${name}: answers of ${kilobytes.toFixed(1)} kB on average (first 200 requests)`);
    const dump = process.env.BENCH_SEARCH_DUMP;
    if (dump) writeFileSync(`${dump}-${name}.json`, answers.find((answer) => answer !== '[]') ?? '[]');
  }
  try {
    for (let round = 0; round < rounds; round += 1) {
      for (const { name, url, pid } of targets) await drive(name, url, pid, requests);
    }
  } finally {
    for (const running of targets) await running.stop();
  }
} finally {
  await pool?.end();
  rmSync(dataDir, { recursive: true, force: true });
  if (database) await dropBenchDatabase(database);
}
