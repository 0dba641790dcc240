/**
 * The embedded database's start, as the benchmark measures it (run-all.ts, measureEmbeddedStart):
 * the built server on a new DATA_DIR, then restarted on it, each time from spawn to the first
 * healthy answer (and the server's CPU time by then, steadier than the wall clock on a shared
 * machine) and the resident memory 2 s later. BENCH_START_ROUNDS rounds (default 5), each
 * printed, then the medians. BENCH_START_NODE_FLAGS and the server variables in the environment
 * (PGLITE_SHARED_BUFFERS) apply. Run `npm run build` first.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { processCpuMs } from '../lib/cpu-time.js';
import { freePort, residentMb, startAppServer } from '../lib/processes.js';
import { percentile, sleep } from '../lib/stats.js';

/** As run-all.ts: memory is read this long after the first healthy answer. */
const SETTLE_MS = 2_000;
const rounds = Number(process.env.BENCH_START_ROUNDS ?? 5);
if (!(Number.isInteger(rounds) && rounds > 0)) throw new Error(`BENCH_START_ROUNDS must be a positive integer, got "${process.env.BENCH_START_ROUNDS}"`);
const passed = Object.fromEntries(['PGLITE_SHARED_BUFFERS'].flatMap((name) => (process.env[name] ? [[name, process.env[name]!]] : [])));

async function measure(dataDir: string, label: string) {
  const server = await startAppServer({ port: await freePort(), databaseUrl: null, dataDir, label, env: passed });
  const cpuMs = processCpuMs(server.child.pid!);
  await sleep(SETTLE_MS);
  const idleMb = residentMb(server.child.pid!);
  await server.stop();
  return { startMs: server.startMs, cpuMs, idleMb };
}

type Start = Awaited<ReturnType<typeof measure>>;
const results: { fresh: Start; restart: Start }[] = [];
for (let round = 1; round <= rounds; round += 1) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'carpool-bench-data-'));
  try {
    const fresh = await measure(dataDir, 'app-pglite-fresh');
    const restart = await measure(dataDir, 'app-pglite-restart');
    results.push({ fresh, restart });
    console.log(
      `round ${round}: fresh ${fresh.startMs.toFixed(0)} ms (CPU ${fresh.cpuMs} ms), ${fresh.idleMb.toFixed(0)} MB; ` +
        `restart ${restart.startMs.toFixed(0)} ms (CPU ${restart.cpuMs} ms), ${restart.idleMb.toFixed(0)} MB`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
const median = (values: number[]) => percentile(values, 50).toFixed(0);
console.log(
  `median: fresh ${median(results.map((r) => r.fresh.startMs))} ms (CPU ${median(results.map((r) => r.fresh.cpuMs))} ms), ${median(results.map((r) => r.fresh.idleMb))} MB; ` +
    `restart ${median(results.map((r) => r.restart.startMs))} ms (CPU ${median(results.map((r) => r.restart.cpuMs))} ms), ${median(results.map((r) => r.restart.idleMb))} MB`,
);
