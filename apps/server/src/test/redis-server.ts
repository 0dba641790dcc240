import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { Socket } from 'node:net';
import { pause } from './socket-client.js';

/** Whether `redis-server` can be started here (tests that kill Redis need their own). */
export const redisServerAvailable = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (result: boolean) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
    socket.connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
  });
}

/**
 * A redis-server of the test's own on a port it picked, never the shared one: it can be killed
 * (SIGKILL, as in a crash) and started again on the same port, empty, without persistence.
 */
export class OwnRedisServer {
  private child: ChildProcess | null = null;

  constructor(readonly port: number) {}

  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start() {
    const child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    this.child = child;
    const deadline = Date.now() + 10_000;
    while (!(await answersPing(this.port))) {
      if (child.exitCode !== null) throw new Error(`redis-server on port ${this.port} exited with ${child.exitCode}`);
      if (Date.now() > deadline) throw new Error(`redis-server on port ${this.port} did not answer within 10 s`);
      await pause(50);
    }
  }

  /** SIGSTOP / SIGCONT: a Redis that keeps its connections open and answers nothing, as one that hangs. */
  freeze(frozen: boolean) {
    this.child?.kill(frozen ? 'SIGSTOP' : 'SIGCONT');
  }

  async kill() {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // A stopped process dies of SIGKILL as well.
    child.kill('SIGKILL');
    await exited;
    this.child = null;
  }
}
