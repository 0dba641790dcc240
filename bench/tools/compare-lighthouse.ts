/**
 * Two builds of the web app under Lighthouse, alternated: seeds one fresh database (BENCH_SCALE,
 * default 0.05), serves each build folder with a server of its own on it, and runs Lighthouse
 * (mobile) on each page, first one build first and then the other, BENCH_LIGHTHOUSE_RUNS rounds
 * (default 6). Prints every run and, per page and build, the medians and the spread of TBT, which
 * on this kind of machine is wider than most changes (bench/README.md, "eleventh look").
 *
 *   cd apps/web && npx vite build --outDir /tmp/web-before && (change) && npx vite build --outDir /tmp/web-after
 *   cd ../../bench && node --conditions=source --import tsx tools/compare-lighthouse.ts /tmp/web-before /tmp/web-after [/,/login]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

process.env.BENCH_SCALE ??= '0.05';
const { createBenchDatabase, dropBenchDatabase, openPool } = await import('../lib/database.js');
const { percentile } = await import('../lib/stats.js');
const { seedDatabase } = await import('../seed/seed-data.js');
const { runLighthouseWithRetry, startWebApp } = await import('../web/run-web.js');

const [before, after, pageList = '/'] = process.argv.slice(2);
if (!before || !after) throw new Error('usage: compare-lighthouse.ts <build folder before> <build folder after> [pages, comma-separated]');
const rounds = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 6);
const pages = pageList.split(',');

const database = await createBenchDatabase();
const pool = openPool(database.url, 4);
const dataDir = mkdtempSync(path.join(tmpdir(), 'carpool-compare-lighthouse-'));
const servers: Awaited<ReturnType<typeof startWebApp>>[] = [];
try {
  const builds = [
    { label: 'before', server: await startWebApp({ databaseUrl: database.url, dataDir, label: 'before', distDir: path.resolve(before) }) },
    { label: 'after', server: await startWebApp({ databaseUrl: database.url, dataDir, label: 'after', distDir: path.resolve(after) }) },
  ];
  servers.push(...builds.map((build) => build.server));
  await seedDatabase(pool);
  const runs = new Map<string, { score: number; tbtMs: number; lcpMs: number }[]>();
  for (let round = 0; round < rounds; round++) {
    for (const page of pages) {
      for (const { label, server } of round % 2 === 0 ? builds : [...builds].reverse()) {
        const result = await runLighthouseWithRetry(`${server.url}${page}`);
        const run = { score: result.performance, tbtMs: Math.round(result.tbtMs), lcpMs: Math.round(result.lcpMs) };
        runs.set(`${page} ${label}`, [...(runs.get(`${page} ${label}`) ?? []), run]);
        console.log(`round ${round + 1} ${page} ${label}: score ${run.score}, TBT ${run.tbtMs} ms, LCP ${run.lcpMs} ms`);
      }
    }
  }
  for (const [key, list] of runs) {
    const median = (pickFigure: (run: (typeof list)[number]) => number) => percentile(list.map(pickFigure), 50);
    const tbts = list.map((run) => run.tbtMs).sort((a, b) => a - b);
    console.log(`${key}: median score ${median((run) => run.score)}, TBT ${median((run) => run.tbtMs)} ms (${tbts[0]} to ${tbts.at(-1)}), LCP ${median((run) => run.lcpMs)} ms`);
  }
} finally {
  await Promise.all(servers.map((server) => server.stop().catch(() => {})));
  await pool.end();
  rmSync(dataDir, { recursive: true, force: true });
  await dropBenchDatabase(database);
}
