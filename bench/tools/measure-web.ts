/**
 * The web part of the bench alone: builds the web app (BENCH_WEB_BUILD=0 skips it), prints the
 * initial JS and CSS of every route and what each on-demand chunk adds, then starts the app on a
 * fresh, small seeded database (BENCH_SCALE, default 0.05) and runs Lighthouse (mobile) on every
 * page a signed-out visitor can load, BENCH_LIGHTHOUSE_RUNS times each (default 3), with medians.
 * Lighthouse throttles by simulation, so the figures hold up while other work uses the CPU.
 *
 *   node --conditions=source --import tsx tools/measure-web.ts
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

process.env.BENCH_SCALE ??= '0.05';
const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const log = (message: string) => process.stderr.write(`[measure-web] ${message}\n`);

const { createBenchDatabase, dropBenchDatabase, openPool } = await import('../lib/database.js');
const { REPO_ROOT } = await import('../lib/processes.js');
const { seedDatabase } = await import('../seed/seed-data.js');
const { lighthouseRows, measureWebSizes, runLighthouseMedian, SIGNED_OUT_PAGES, startWebApp, webSizeRows } = await import('../web/run-web.js');

if (process.env.BENCH_WEB_BUILD !== '0') {
  log('building the web app');
  execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
}
const sizes = measureWebSizes();
process.stdout.write('| figure | value |\n|---|---:|\n');
for (const row of webSizeRows(sizes)) process.stdout.write(`| ${row.benchmark}: ${row.figure} | ${row.ours} |\n`);

const database = await createBenchDatabase();
const dataDir = mkdtempSync(path.join(tmpdir(), 'carpool-measure-web-'));
const pool = openPool(database.url, 4);
const app = await startWebApp({ databaseUrl: database.url, dataDir, label: 'app-web' });
try {
  await seedDatabase(pool);
  process.stdout.write('\n| page | figure | value | good |\n|---|---|---:|---:|\n');
  for (const page of SIGNED_OUT_PAGES) {
    const result = await runLighthouseMedian(`${app.url}${page.path}`, runs, log).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
    for (const row of lighthouseRows(`${page.label} (${page.path})`, result)) {
      process.stdout.write(`| ${row.benchmark.replace('Lighthouse (mobile), ', '')} | ${row.figure} | ${row.ours} | ${row.baseline} |\n`);
    }
  }
} finally {
  await app.stop().catch(() => {});
  await pool.end();
  rmSync(dataDir, { recursive: true, force: true });
  await dropBenchDatabase(database);
}
process.exit(0);
