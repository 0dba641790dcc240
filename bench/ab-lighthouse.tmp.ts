import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
process.env.BENCH_SCALE ??= '0.05';
const { createBenchDatabase, dropBenchDatabase, openPool } = await import('./lib/database.js');
const { seedDatabase } = await import('./seed/seed-data.js');
const { runLighthouseWithRetry, startWebApp } = await import('./web/run-web.js');
const [oldDist, newDist] = process.argv.slice(2);
const rounds = Number(process.env.ROUNDS ?? 5);
const pages = (process.env.PAGES ?? '/').split(',');
const database = await createBenchDatabase();
const pool = openPool(database.url, 4);
const dataDir = mkdtempSync(path.join(tmpdir(), 'ab-lh-'));
const a = await startWebApp({ databaseUrl: database.url, dataDir, label: 'old', distDir: oldDist! });
const b = await startWebApp({ databaseUrl: database.url, dataDir, label: 'new', distDir: newDist! });
await seedDatabase(pool);
const results: Record<string, { score: number; tbt: number; lcp: number }[]> = {};
for (let round = 0; round < rounds; round++) {
  for (const page of pages) {
    for (const [label, server] of round % 2 === 0 ? ([['old', a], ['new', b]] as const) : ([['new', b], ['old', a]] as const)) {
      const r = await runLighthouseWithRetry(`${server.url}${page}`);
      (results[`${page} ${label}`] ??= []).push({ score: r.performance, tbt: Math.round(r.tbtMs), lcp: Math.round(r.lcpMs) });
      console.log(round, page, label, r.performance, Math.round(r.tbtMs), Math.round(r.lcpMs));
    }
  }
}
const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
for (const [key, runs] of Object.entries(results)) {
  console.log(key, 'score', median(runs.map((r) => r.score)), 'TBT', median(runs.map((r) => r.tbt)), 'LCP', median(runs.map((r) => r.lcp)), 'TBTs', runs.map((r) => r.tbt).join(' '));
}
await a.stop(); await b.stop(); await pool.end(); rmSync(dataDir, { recursive: true, force: true }); await dropBenchDatabase(database);
