/**
 * Where the main thread's time goes while a page loads, as Lighthouse's mobile run sees it: seeds a
 * fresh database (BENCH_SCALE, default 0.05), serves a built web app (BENCH_WEB_DIST, default
 * apps/web/dist; a build with `--minify false` keeps readable names), loads the page in Debian
 * Chromium at 412 x 823 with the CPU slowed 4 times (Lighthouse's factor), and records a CPU
 * profile and a trace (read here, not kept) until 6 s after the load event. Writes the profile to
 * BENCH_PROFILE_OUT (default web-load.cpuprofile in the temporary folder), which
 * `tools/summarize-cpu-profile.ts` reads, and prints each long task of the main thread with what
 * it did (script evaluation, style, layout, paint, function calls: a CPU profile shows the
 * browser's own work only as "(program)") and the page's own functions it ran longest in (the
 * components it rendered, named in a build with `--minify false`), and the total blocking time they make (the part of
 * each task over 50 ms, from the first contentful paint on).
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
/** How long after the load event the recording goes on (the rides, the map of days, idle work). */
const AFTER_LOAD_MS = 6_000;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}
type Trace = { traceEvents: TraceEvent[] };

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string }; children?: number[] }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Frames of the page's own code (not React's, the router's or zod's chunks, not the browser's). */
const LIBRARY_CHUNK = /\/assets\/(framework|zod|rolldown-runtime|dist)-/;

/**
 * The page's own functions a window of the CPU profile ran in (timestamps in the trace's clock,
 * which the profile shares), each with the time of the samples it was on the stack of: which
 * components a long task rendered, with a build that keeps names (`--minify false`).
 */
function ownFunctionsIn(profile: CpuProfile, from: number, to: number, top = 5): string[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const inclusive = new Map<string, number>();
  let at = profile.startTime;
  profile.samples.forEach((sample, index) => {
    at += profile.timeDeltas[index] ?? 0;
    if (at < from || at > to) return;
    const weight = profile.timeDeltas[index + 1] ?? 0;
    const seen = new Set<string>();
    for (let id: number | undefined = sample; id !== undefined; id = parent.get(id)) {
      const { functionName, url } = byId.get(id)!.callFrame;
      if (!functionName || !url.includes('/assets/') || LIBRARY_CHUNK.test(url) || seen.has(functionName)) continue;
      seen.add(functionName);
      inclusive.set(functionName, (inclusive.get(functionName) ?? 0) + weight);
    }
  });
  return [...inclusive]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, us]) => `${name} ${Math.round(us / 1000)}`);
}

/** What a long task's time went to, by the trace's event names (nested events count in each). */
const TASK_PARTS: Record<string, string> = {
  'v8.evaluateModule': 'module evaluation',
  EvaluateScript: 'script evaluation',
  FunctionCall: 'function calls',
  TimerFire: 'timers',
  FireAnimationFrame: 'animation frames',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  Paint: 'paint',
  PrePaint: 'pre-paint',
  ParseHTML: 'HTML parsing',
  MinorGC: 'GC',
  MajorGC: 'GC',
};

/** The renderer main thread's tasks over 50 ms, in ms from navigation start, with their parts. */
function longTasksOfTrace(trace: Trace) {
  const names = new Map(trace.traceEvents.filter((e) => e.ph === 'M' && e.name === 'thread_name').map((e) => [`${e.pid}:${e.tid}`, e.args?.name]));
  const counts = new Map<string, number>();
  for (const e of trace.traceEvents) counts.set(`${e.pid}:${e.tid}`, (counts.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
  const main = [...names].filter(([, name]) => name === 'CrRendererMain').sort((a, b) => (counts.get(b[0]) ?? 0) - (counts.get(a[0]) ?? 0))[0]?.[0];
  const events = trace.traceEvents.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X').sort((a, b) => a.ts - b.ts);
  const origin = trace.traceEvents.find((e) => e.name === 'navigationStart')?.ts ?? events[0]?.ts ?? 0;
  const paint = trace.traceEvents.find((e) => e.name === 'firstContentfulPaint');
  const tasks = events
    .filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > 50_000)
    .map((task) => {
      const parts: Record<string, number> = {};
      for (const e of events) {
        if (e.ts < task.ts || e.ts + (e.dur ?? 0) > task.ts + task.dur! || e === task) continue;
        const part = TASK_PARTS[e.name];
        if (part) parts[part] = (parts[part] ?? 0) + (e.dur ?? 0) / 1000;
      }
      return { start: (task.ts - origin) / 1000, duration: task.dur! / 1000, parts, from: task.ts, to: task.ts + task.dur! };
    });
  return { tasks, firstPaint: paint ? (paint.ts - origin) / 1000 : 0 };
}

const log = (message: string) => process.stderr.write(`[profile-web-load] ${message}\n`);

const database = await createBenchDatabase();
const dataDir = mkdtempSync(path.join(tmpdir(), 'carpool-profile-web-'));
const pool = openPool(database.url, 4);
let server: Awaited<ReturnType<typeof startWebApp>> | undefined;
let browser: Awaited<ReturnType<typeof chromium.launch>> | undefined;
try {
  server = await startWebApp({ databaseUrl: database.url, dataDir, label: 'app', distDir: dist });
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  await seedDatabase(pool);
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink', 'loading'] });
  await page.goto(`${server.url}${pagePath}`, { waitUntil: 'load' });
  await page.waitForTimeout(AFTER_LOAD_MS);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
  writeFileSync(out, JSON.stringify(profile));
  const { tasks, firstPaint } = longTasksOfTrace(JSON.parse((await browser.stopTracing()).toString('utf8')) as Trace);
  // As Lighthouse counts it: the part of each task after the first contentful paint, over 50 ms.
  const blocking = tasks.reduce((sum, task) => sum + Math.max(0, task.start + task.duration - Math.max(task.start, firstPaint) - 50), 0);
  for (const task of tasks) {
    const parts = Object.entries(task.parts)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([name, ms]) => `${name} ${Math.round(ms)}`);
    const own = ownFunctionsIn(profile, task.from, task.to);
    log(`long task at ${Math.round(task.start)} ms: ${Math.round(task.duration)} ms (${parts.join(', ')})${own.length > 0 ? `; in: ${own.join(', ')}` : ''}`);
  }
  log(`first contentful paint ${Math.round(firstPaint)} ms; ${tasks.length} long tasks; blocking time after it ${Math.round(blocking)} ms`);
  log(`profile written to ${out}`);
} finally {
  await browser?.close();
  await server?.stop().catch(() => {});
  await pool.end();
  rmSync(dataDir, { recursive: true, force: true });
  await dropBenchDatabase(database);
}
