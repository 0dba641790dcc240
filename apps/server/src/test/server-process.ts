import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { pause } from './socket-client.js';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
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

/** The real server (src/main.ts through tsx) in a child process, as an operator runs it. */
export class ServerProcess {
  private child: ChildProcess | null = null;
  private output = '';
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
    this.output = '';
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: { ...process.env, ...this.env, PORT: String(this.port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.exit = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    const deadline = Date.now() + STARTUP_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`server ${this.name} exited with ${child.exitCode}:\n${this.output}`);
      try {
        const res = await fetch(`${this.url}/api/health`);
        if (res.ok) return;
      } catch {
        // Not listening yet.
      }
      await pause(200);
    }
    throw new Error(`server ${this.name} did not start within ${STARTUP_TIMEOUT_MS} ms:\n${this.output}`);
  }

  get running() {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Sends the signal without waiting; `exited()` tells how the process ended. */
  signal(signal: NodeJS.Signals) {
    this.child?.kill(signal);
  }

  async exited() {
    if (!this.exit) throw new Error(`server ${this.name} was never started`);
    return this.exit;
  }

  /** SIGKILL: the process dies at once, as in a crash; SIGTERM: a graceful shutdown. */
  async stop(signal: 'SIGKILL' | 'SIGTERM') {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    await this.exit;
    this.child = null;
  }

  logs() {
    return this.output;
  }
}
