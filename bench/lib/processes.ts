import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sleep } from './stats.js';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const BENCH_ROOT = path.join(REPO_ROOT, 'bench');
export const SERVER_MAIN = path.join(REPO_ROOT, 'apps/server/dist/main.js');

/** A free loopback port, found by letting the kernel pick one. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface RunningProcess {
  child: ChildProcess;
  url: string;
  /** Milliseconds from spawn to the first healthy answer. */
  startMs: number;
  stop(): Promise<void>;
}

/** Resident memory of a process in MB, read from /proc (Linux). */
export function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+) kB/m.exec(status);
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

/** Samples a process's RSS while `work` runs; returns the work's result and the peak. */
export async function withPeakRss<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  let peakMb = residentMb(pid);
  const timer = setInterval(() => {
    try {
      peakMb = Math.max(peakMb, residentMb(pid));
    } catch {
      // The process ended; the peak so far stands.
    }
  }, 200);
  try {
    return { result: await work(), peakMb };
  } finally {
    clearInterval(timer);
  }
}

async function waitHealthy(url: string, child: ChildProcess, timeoutMs: number, started: number): Promise<void> {
  const deadline = started + timeoutMs;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with code ${child.exitCode} before it was healthy`);
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(10);
  }
  throw new Error(`${url}: not healthy within ${timeoutMs} ms`);
}

/**
 * Starts a Node process that serves /api/health on `port` and waits until it answers 200.
 * Its output goes to the bench's stderr, prefixed, so a crash explains itself.
 */
export async function startNodeProcess(options: {
  label: string;
  args: string[];
  env: Record<string, string>;
  port: number;
  timeoutMs?: number;
}): Promise<RunningProcess> {
  const url = `http://127.0.0.1:${options.port}`;
  const started = performance.now();
  const child = spawn(process.execPath, options.args, {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const relay = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) process.stderr.write(`[${options.label}] ${line}\n`);
  };
  child.stdout?.on('data', relay);
  child.stderr?.on('data', relay);
  try {
    await waitHealthy(url, child, options.timeoutMs ?? 60_000, started);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  const startMs = performance.now() - started;
  return {
    child,
    url,
    startMs,
    stop: () => stopProcess(child),
  };
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const forced = sleep(15_000).then(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  await Promise.race([exited, forced]);
  await exited;
}

/**
 * Node flags for a server under test; BENCH_CPU_PROF=1 writes its CPU profiles to a folder of its
 * own, bench/results/profiles/<label>-<time>: one file per thread, named by Node (CPU.<date>.<time>.
 * <pid>.<thread>.<n>.cpuprofile; the main thread is 0, a loader such as tsx has a thread of its own).
 */
function nodeFlags(label: string): string[] {
  if (process.env.BENCH_CPU_PROF !== '1') return [];
  return ['--cpu-prof', `--cpu-prof-dir=${path.join(BENCH_ROOT, 'results/profiles', `${label}-${Date.now()}`)}`];
}

/**
 * `npm start`'s Node flags: V8's baseline WebAssembly compiler only, for the embedded database
 * (docs/decisions/embedded-database-start.md); nothing else in the server runs WebAssembly.
 * BENCH_START_NODE_FLAGS replaces them (space-separated; empty for none) to measure what they change.
 */
const START_NODE_FLAGS = process.env.BENCH_START_NODE_FLAGS?.split(' ').filter(Boolean) ?? ['--liftoff-only'];

/** The app server, built, as `npm start` runs it, on PostgreSQL or (without a URL) the embedded database. */
export function startAppServer(options: { port: number; databaseUrl: string | null; dataDir: string; label?: string; env?: Record<string, string> }) {
  const label = options.label ?? 'app';
  return startNodeProcess({
    label,
    args: [...START_NODE_FLAGS, ...nodeFlags(label), SERVER_MAIN],
    port: options.port,
    env: {
      NODE_ENV: 'production',
      AUTH_MODE: 'dev',
      ALLOW_DEV_AUTH: '1',
      HOST: '127.0.0.1',
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      RATE_LIMIT_PER_MINUTE: '0',
      JOBS_ENABLED: '0',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
  });
}

/** A bench script (TypeScript, through tsx) as its own process. */
export function startBenchScript(options: { label: string; script: string; port: number; env: Record<string, string> }) {
  return startNodeProcess({
    label: options.label,
    args: ['--conditions=source', '--import', 'tsx', ...nodeFlags(options.label), path.join(BENCH_ROOT, options.script)],
    port: options.port,
    env: { NODE_ENV: 'production', PORT: String(options.port), ...options.env },
  });
}
