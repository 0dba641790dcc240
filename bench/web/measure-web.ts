/**
 * The web figure alone, for comparing builds back to back: seeds a fresh database (BENCH_SCALE),
 * starts one app server per built web app in BENCH_WEB_DISTS (comma list of directories, relative
 * to the repository or absolute; default apps/web/dist), then runs Lighthouse on each page of
 * BENCH_WEB_PATHS (default /) against each build in turn, BENCH_LIGHTHOUSE_RUNS times (default 3),
 * and prints every run and the medians.
 *
 *   BENCH_SCALE=0.05 BENCH_WEB_DISTS=old-dist,apps/web/dist node --conditions=source --import tsx web/measure-web.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createBenchDatabase, dropBenchDatabase, openPool } from '../lib/database.js';
import { REPO_ROOT, type RunningProcess } from '../lib/processes.js';
import { percentile } from '../lib/stats.js';
import { seedDatabase } from '../seed/seed-data.js';
import { runLighthouse, startWebApp, type LighthouseResult } from './run-web.js';

const dists = (process.env.BENCH_WEB_DISTS ?? 'apps/web/dist').split(',').map((dir) => path.resolve(REPO_ROOT, dir.trim()));
const pagePaths = (process.env.BENCH_WEB_PATHS ?? '/').split(',').map((each) => each.trim());
const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

const log = (message: string) => process.stderr.write(`[measure-web] ${message}\n`);

const median = (values: readonly number[]) => percentile(values, 50);

/** Lighthouse now and then fails to record a trace (NO_NAVSTART); one more try is enough. */
async function lighthouseWithRetry(url: string): Promise<LighthouseResult> {
  try {
    return await runLighthouse(url);
  } catch (error) {
    log(`lighthouse failed once, trying again: ${error instanceof Error ? error.message.slice(0, 200) : String(error)}`);
    return runLighthouse(url);
  }
}

async function main() {
  const database = await createBenchDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'carpool-measure-web-'));
  const pool = openPool(database.url, 4);
  const servers: RunningProcess[] = [];
  try {
    // The first server migrates the empty database; the others find it migrated.
    for (const [index, dist] of dists.entries()) servers.push(await startWebApp({ databaseUrl: database.url, dataDir, label: `app-${index}`, distDir: dist }));
    await seedDatabase(pool);
    log(`seeded; ${runs} run(s) of ${pagePaths.join(', ')} on ${dists.length} build(s)`);

    const results = new Map<string, LighthouseResult[]>();
    for (let run = 0; run < runs; run += 1) {
      for (const pagePath of pagePaths) {
        for (const [index, server] of servers.entries()) {
          const key = `${dists[index]} ${pagePath}`;
          const result = await lighthouseWithRetry(`${server.url}${pagePath}`);
          log(`run ${run + 1}, ${key}: score ${result.performance}, LCP ${Math.round(result.lcpMs)} ms, TBT ${Math.round(result.tbtMs)} ms, CLS ${result.cls.toFixed(3)}`);
          results.set(key, [...(results.get(key) ?? []), result]);
        }
      }
    }
    for (const [key, each] of results) {
      process.stdout.write(
        `${key}: median score ${median(each.map((result) => result.performance))}, LCP ${Math.round(median(each.map((result) => result.lcpMs)))} ms, ` +
          `TBT ${Math.round(median(each.map((result) => result.tbtMs)))} ms, CLS ${median(each.map((result) => result.cls)).toFixed(3)} (${each.length} runs)\n`,
      );
    }
  } finally {
    for (const server of servers) await server.stop().catch(() => {});
    await pool.end();
    rmSync(dataDir, { recursive: true, force: true });
    await dropBenchDatabase(database);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`\nMEASURE-WEB FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
