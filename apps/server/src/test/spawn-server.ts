/** A server process a test starts and waits for by hand (exit codes, start-up messages); see server-process.ts for one that waits until healthy. */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const serverDir = fileURLToPath(new URL('../..', import.meta.url));

/** The environment of a server process for a test: the embedded database, no Redis, no jobs. */
export function serverEnv(overrides: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'info', JOBS_ENABLED: '0', PORT: '0', ...overrides };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'HOST', 'ALLOW_DEV_AUTH', 'GOOGLE_CLIENT_ID', 'AUTH_MODE', 'VITEST', 'VITEST_POOL_ID']) {
    if (!(name in overrides)) delete env[name];
  }
  return env;
}

export interface ServerProcess {
  child: ChildProcess;
  /** Everything the process has written so far. */
  output(): string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  /** SIGTERM (or the given signal), then the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts `src/main.ts` the way `npm run dev` does (from source), as its own process. */
export function spawnServer(env: NodeJS.ProcessEnv): ServerProcess {
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
export async function waitFor<T>(server: ServerProcess, check: () => T | null | Promise<T | null>, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await check();
    if (value !== null) return value;
    if (server.child.exitCode !== null) throw new Error(`the server exited with ${server.child.exitCode}:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out; the server wrote:\n${server.output()}`);
}
