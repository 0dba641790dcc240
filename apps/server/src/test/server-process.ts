/**
 * The real server (src/main.ts through tsx, as `npm run dev` runs it) in a child process, for the tests
 * that need a process: spawnServer + waitFor for one a test watches by hand (start-up messages, the exit
 * code of one expected to fail), ServerProcess for one started on a port and waited for until healthy.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { pause } from './socket-client.js';

export const serverDir = fileURLToPath(new URL('../..', import.meta.url));
export const STARTUP_TIMEOUT_MS = 60_000;

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The environment of a server process for a test: the embedded database, no Redis, no jobs. */
export function serverEnv(overrides: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'info', JOBS_ENABLED: '0', PORT: '0', ...overrides };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'HOST', 'ALLOW_DEV_AUTH', 'GOOGLE_CLIENT_ID', 'AUTH_MODE', 'VITEST', 'VITEST_POOL_ID']) {
    if (!(name in overrides)) delete env[name];
  }
  return env;
}

export interface SpawnedServer {
  child: ChildProcess;
  /** Everything the process has written so far. */
  output(): string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  /** SIGTERM (or the given signal), then the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts the server with exactly this environment, without waiting for anything. */
export function spawnServer(env: NodeJS.ProcessEnv): SpawnedServer {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Waits until `check` returns a value, the process exits (rejects with its output), or the time is up. */
export async function waitFor<T>(
  server: SpawnedServer,
  check: () => T | null | Promise<T | null>,
  timeoutMs = 90_000,
  interval = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await check();
    if (value !== null) return value;
    if (server.child.exitCode !== null) throw new Error(`the server exited with ${server.child.exitCode}:\n${server.output()}`);
    await pause(interval);
  }
  throw new Error(`timed out after ${timeoutMs} ms; the server wrote:\n${server.output()}`);
}

/** Whether the server at `url` answers its health check. */
async function healthy(url: string): Promise<true | null> {
  try {
    return (await fetch(`${url}/api/health`)).ok ? true : null;
  } catch {
    // Not listening yet.
    return null;
  }
}

/** A server on a fixed port of 127.0.0.1 that a test starts (until healthy), stops and restarts. */
export class ServerProcess {
  private server: SpawnedServer | null = null;
  private exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }> | null = null;
  readonly url: string;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  async start() {
    const server = spawnServer({ ...process.env, ...this.env, PORT: String(this.port), HOST: '127.0.0.1' });
    this.server = server;
    const child = server.child;
    this.exit = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    try {
      await waitFor(server, () => healthy(this.url), STARTUP_TIMEOUT_MS, 200);
    } catch (error) {
      throw new Error(`server ${this.name}: ${(error as Error).message}`);
    }
  }

  get running() {
    const child = this.server?.child;
    return child !== undefined && child.exitCode === null && child.signalCode === null;
  }

  /** Sends the signal without waiting; `exited()` tells how the process ended. */
  signal(signal: NodeJS.Signals) {
    this.server?.child.kill(signal);
  }

  async exited() {
    if (!this.exit) throw new Error(`server ${this.name} was never started`);
    return this.exit;
  }

  /** SIGKILL: the process dies at once, as in a crash; SIGTERM: a graceful shutdown. */
  async stop(signal: 'SIGKILL' | 'SIGTERM') {
    if (!this.running) return;
    await this.server!.stop(signal);
    await this.exit;
  }

  logs() {
    return this.server?.output() ?? '';
  }
}
