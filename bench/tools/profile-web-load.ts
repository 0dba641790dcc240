/**
 * Where the main thread's time goes while a page loads, as Lighthouse's mobile run sees it: seeds a
 * fresh database (BENCH_SCALE, default 0.05), serves a built web app (BENCH_WEB_DIST, default
 * apps/web/dist; a build with `--minify false` keeps readable names), loads the page in Debian
 * Chromium at 412 x 823 with the CPU slowed 4 times (Lighthouse's factor), and records a CPU
 * profile and the page's long tasks until it has been quiet for a while. Writes the profile to
 * BENCH_PROFILE_OUT (default web-load.cpuprofile in the temporary folder), which
 * `tools/summarize-cpu-profile.ts` reads, and prints the long tasks and the total blocking time
 * they make (the part of each task over 50 ms, from the first paint on).
 *
 *   BENCH_WEB_DIST=/tmp/web-nomin node --conditions=source --import tsx tools/profile-web-load.ts /
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { createBenchDatabase, dropBenchDatabase, openPool } from '../lib/database.js';
import { REPO_ROOT } from '../lib/processes.js';
import { seedDatabase } from '../seed/seed-data.js';
import { startWebApp } from '../web/run-web.js';

const pagePath = process.argv[2] ?? '/';
const dist = path.resolve(REPO_ROOT, process.env.BENCH_WEB_DIST ?? 'apps/web/dist');
const out = process.env.BENCH_PROFILE_OUT ?? path.join(tmpdir(), 'web-load.cpuprofile');
const CPU_SLOWDOWN = 4;
const QUIET_MS = 3_000;

const log = (message: string) => process.stderr.write(`[profile-web-load] ${message}\n`);

async function main() {
  const database = await createBenchDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'carpool-profile-web-'));
  const pool = openPool(database.url, 4);
  const server = await startWebApp({ databaseUrl: database.url, dataDir, label: 'app', distDir: dist });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    await seedDatabase(pool);
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    // In the page (a string: this package has no DOM types): every long task, from the start.
    await context.addInitScript(`
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask', buffered: true });`);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    await page.goto(`${server.url}${pagePath}`, { waitUntil: 'load' });
    // Quiet: no long task for QUIET_MS.
    for (let seen = -1; ; ) {
      await page.waitForTimeout(QUIET_MS);
      const count = await page.evaluate<number>('window.__longTasks.length');
      if (count === seen) break;
      seen = count;
    }
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(out, JSON.stringify(profile));
    const { tasks, firstPaint } = await page.evaluate<{ tasks: { start: number; duration: number }[]; firstPaint: number }>(`({
      tasks: window.__longTasks,
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
    })`);
    const blocking = tasks.filter((task) => task.start >= firstPaint).reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
    for (const task of tasks) log(`long task at ${Math.round(task.start)} ms: ${Math.round(task.duration)} ms`);
    log(`first contentful paint ${Math.round(firstPaint)} ms; ${tasks.length} long tasks; blocking time after it ${Math.round(blocking)} ms`);
    log(`profile written to ${out}`);
  } finally {
    await browser.close();
    await server.stop().catch(() => {});
    await pool.end();
    rmSync(dataDir, { recursive: true, force: true });
    await dropBenchDatabase(database);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`\nPROFILE-WEB-LOAD FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
