/**
 * `npm run bench -- --growth`: the search with stops as the rides table grows (issue 32,
 * acceptance 8): 20,000, 100,000 and 1,000,000 rides (BENCH_GROWTH_SIZES), outside the default run.
 * One database grows from size to size by set-based SQL (growth-rides.ts); at each size the built
 * app and the search baseline are started afresh and measured at saturation, alternated, on
 * searches with stops drawn from that size's rides, and the stop-order query is timed alone and
 * explained.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { explainSearches, type ExplainedQuery } from '../explain/run-explain.js';
import { createBenchDatabase, dropBenchDatabase, openPool } from '../lib/database.js';
import { BENCH_ROOT, freePort, startAppServer, startBenchScript, type RunningProcess } from '../lib/processes.js';
import { freeResultsFile } from '../lib/results-file.js';
import { SCALE } from '../lib/scale.js';
import { percentile, round } from '../lib/stats.js';
import { captureSearchSql } from '../search/capture-search-sql.js';
import { checkSameAnswers, runSaturationAlternated, type SearchPhase } from '../search/run-search.js';
import { buildStopSearchRequests, filterOfSearch } from '../search/search-requests.js';
import { buildSearchParams, searchShape, type SearchFilterInput, type SearchSqlTemplates } from '../search/search-sql.js';
import { seedPeople } from '../seed/seed-data.js';
import { prepareGrowthRides, sampleStopRides } from './growth-rides.js';

const DEFAULT_SIZES = [20_000, 100_000, 1_000_000];
const REQUESTS = 2_000;
/** Searches timed one at a time through pg, straight on the database. */
const SQL_TIMED = 300;
/** The most time the one-at-a-time searches of one shape may take; fewer are timed when they are slow. */
const SQL_BUDGET_MS = 30_000;
const ROUNDS = 2;

const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

function readSizes(): number[] {
  const raw = process.env.BENCH_GROWTH_SIZES;
  const sizes = raw ? raw.split(',').map(Number) : DEFAULT_SIZES;
  if (sizes.some((size, index) => !Number.isInteger(size) || size < 1_000 || (index > 0 && size <= sizes[index - 1]!))) {
    throw new Error(`BENCH_GROWTH_SIZES must be growing whole numbers of at least 1000, comma-separated; got "${raw}"`);
  }
  return sizes;
}

interface GrowthStep {
  rides: number;
  stopRides: number;
  seedSeconds: number;
  tableMb: number;
  ours: SearchPhase;
  baseline: SearchPhase;
  /** The stop-order query alone, one at a time through pg: ms per search by shape (with a day, without). */
  sqlMs: { shape: string; count: number; mean: number; p99: number; rows: number }[];
  explained: ExplainedQuery[];
}

/** Each shape's searches run one after another as named statements, as the app runs them. */
async function timeSql(pool: pg.Pool, templates: SearchSqlTemplates, filters: readonly SearchFilterInput[], viewerId: string) {
  const client = await pool.connect();
  try {
    const byShape = new Map<string, SearchFilterInput[]>();
    for (const filter of filters.slice(0, SQL_TIMED)) byShape.set(searchShape(filter), [...(byShape.get(searchShape(filter)) ?? []), filter]);
    const timed: GrowthStep['sqlMs'] = [];
    for (const [shape, shaped] of byShape) {
      const times: number[] = [];
      let rows = 0;
      const shapeStarted = performance.now();
      for (const filter of shaped) {
        if (performance.now() - shapeStarted > SQL_BUDGET_MS) break;
        const started = performance.now();
        const answer = await client.query({ name: `growth:${shape}`, text: templates.search[shape]!, values: buildSearchParams(filter, new Date(), viewerId), rowMode: 'array' });
        times.push(performance.now() - started);
        rows += answer.rowCount ?? 0;
      }
      timed.push({ shape, count: times.length, mean: times.reduce((sum, time) => sum + time, 0) / times.length, p99: percentile(times, 99), rows: rows / times.length });
    }
    return timed;
  } finally {
    client.release();
  }
}

function report(steps: readonly GrowthStep[], seconds: number, version: string): string {
  const date = new Date().toISOString().slice(0, 10);
  const lines = [
    `# Growth of the search with stops, ${date}`,
    '',
    `Scale ${SCALE}; ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}); Node ${process.version}; ${version}. The whole run took ${Math.round(seconds)} s (without the build).`,
    `At each size: ${REQUESTS} searches from A to B where A or B is a stop of one of the size's rides (3 in 4 on A's day), saturation, ours and the baseline alternated ${ROUNDS} times (means). What each figure means: bench/README.md.`,
    '',
    '| rides | with stops | seeded in (s) | rides table (MB) | ours req/s | baseline req/s | ours / baseline | p50 / p99 ours (ms) | p50 / p99 baseline (ms) | CPU per request, server + PostgreSQL, ours / baseline (ms) | SQL alone, mean / p99 ms (rows found; searches timed), by shape |',
    '|---:|---:|---:|---:|---:|---:|---:|---|---|---|---|',
    ...steps.map((step) => {
      const cells = [
        step.rides,
        step.stopRides,
        round(step.seedSeconds),
        round(step.tableMb),
        round(step.ours.requestsPerSecond),
        round(step.baseline.requestsPerSecond),
        `${(step.ours.requestsPerSecond / step.baseline.requestsPerSecond).toFixed(2)}x`,
        `${round(step.ours.p50)} / ${round(step.ours.p99)}`,
        `${round(step.baseline.p50)} / ${round(step.baseline.p99)}`,
        [step.ours, step.baseline].map((phase) => `${phase.serverCpuMsPerRequest.toFixed(2)} + ${phase.postgresCpuMsPerRequest.toFixed(2)}`).join(' / '),
        step.sqlMs.map((sql) => `${sql.shape}: ${sql.mean.toFixed(2)} / ${sql.p99.toFixed(2)} (${sql.rows.toFixed(1)}; ${sql.count} timed)`).join('; '),
      ];
      return `| ${cells.join(' | ')} |`;
    }),
    '',
    ...steps.flatMap((step) => [
      `## Query plans at ${step.rides} rides`,
      '',
      ...step.explained.map((query) => `### ${query.name}\n\n\`\`\`\n${query.plan}\n\`\`\`\n`),
    ]),
  ];
  return lines.join('\n');
}

export async function runGrowth(): Promise<void> {
  const started = performance.now();
  const sizes = readSizes();
  log(`growth: the search with stops at ${sizes.join(', ')} rides`);
  const database = await createBenchDatabase();
  const pool = openPool(database.url, 10);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'carpool-bench-data-'));
  const running: RunningProcess[] = [];
  const seeder = await pool.connect();
  try {
    // The app migrates the empty database.
    const migrating = await startAppServer({ port: await freePort(), databaseUrl: database.url, dataDir });
    await migrating.stop();
    const people = await seedPeople(pool);
    const rides = await prepareGrowthRides(seeder, people.driverIds, people.seededAt);
    const steps: GrowthStep[] = [];
    for (const size of sizes) {
      const seedStarted = performance.now();
      await rides.growTo(size, log);
      // Statistics for every table (the users' too: without them the planner takes the 20,000 drivers
      // for one and loops over them), the GIN index's pending list merged and the visibility map set,
      // as autovacuum would in time; this PostgreSQL may run without it.
      await pool.query('vacuum analyze');
      const seedSeconds = (performance.now() - seedStarted) / 1000;
      const { rows: counts } = await pool.query<{ stop_rides: number; mb: number }>(
        `select count(*) filter (where cardinality(stop_places) > 0)::int as stop_rides, pg_total_relation_size('rides') / 1048576.0 as mb from rides`,
      );
      const requests = buildStopSearchRequests(people.signedIn, await sampleStopRides(seeder, REQUESTS), REQUESTS);
      const filters = requests.map(filterOfSearch);
      const templates = await captureSearchSql(pool, filters);
      const templatesFile = path.join(dataDir, 'search-sql.json');
      writeFileSync(templatesFile, JSON.stringify(templates));

      const app = await startAppServer({ port: await freePort(), databaseUrl: database.url, dataDir });
      running.push(app);
      const baseline = await startBenchScript({
        label: 'baseline-search',
        script: 'search/baseline-search-server.ts',
        port: await freePort(),
        env: { BENCH_DATABASE_URL: database.url, BENCH_SQL_TEMPLATES: templatesFile },
      });
      running.push(baseline);
      await checkSameAnswers(app.url, baseline.url, requests, { everyFinds: true });
      const [ours, bare] = await runSaturationAlternated(
        [
          { name: 'ours', url: app.url, pid: app.child.pid! },
          { name: 'baseline', url: baseline.url, pid: baseline.child.pid! },
        ],
        requests,
        ROUNDS,
        `search with stops, ${size} rides,`,
      );
      await baseline.stop();
      await app.stop();
      running.length = 0;
      const sqlMs = await timeSql(pool, templates, filters, people.signedIn[0]!.id);
      const explained = await explainSearches(pool, templates, filters, people.signedIn[0]!.id, 'ride search with stops');
      steps.push({ rides: size, stopRides: counts[0]!.stop_rides, seedSeconds, tableMb: Number(counts[0]!.mb), ours: ours!, baseline: bare!, sqlMs, explained });
      log(`growth ${size}: ours ${round(ours!.requestsPerSecond)} req/s, baseline ${round(bare!.requestsPerSecond)} req/s, SQL ${sqlMs.map((sql) => `${sql.shape} ${sql.mean.toFixed(2)} ms`).join(', ')}`);
    }
    const { rows: versionRows } = await pool.query<{ version: string }>('select version()');
    const text = report(steps, (performance.now() - started) / 1000, versionRows[0]!.version.split(',')[0]!);
    mkdirSync(path.join(BENCH_ROOT, 'results'), { recursive: true });
    const date = new Date().toISOString().slice(0, 10);
    const file = freeResultsFile(path.join(BENCH_ROOT, 'results'), `${date}-growth${SCALE < 1 ? `-scale-${SCALE}` : ''}`);
    writeFileSync(file, text, { flag: 'wx' });
    process.stdout.write(`\n${text.split('\n## ')[0]}\nWritten to ${path.relative(path.join(BENCH_ROOT, '..'), file)}.\n`);
  } finally {
    for (const process of running.reverse()) await process.stop().catch(() => {});
    seeder.release();
    await pool.end();
    rmSync(dataDir, { recursive: true, force: true });
    await dropBenchDatabase(database);
  }
}
