import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, ServerProcess, STARTUP_TIMEOUT_MS } from './test/server-process.js';
import { pause } from './test/socket-client.js';

/** server.ts' SHUTDOWN_GRACE_MS: past it the process gives up and exits 1. */
const SHUTDOWN_GRACE_MS = 10_000;
const WORKERS = 12;

type Outcome = { kind: 'answered'; status: number } | { kind: 'refused' } | { kind: 'reset'; code: string; reused: boolean } | { kind: 'other'; code: string };

/** One GET on the keep-alive agent, classified by how it ended. */
function get(agent: http.Agent, url: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent }, (response) => {
      response.resume();
      response.once('end', () => resolve({ kind: 'answered', status: response.statusCode ?? 0 }));
      response.once('error', (error: NodeJS.ErrnoException) => resolve({ kind: 'reset', code: error.code ?? error.message, reused: request.reusedSocket }));
    });
    request.once('error', (error: NodeJS.ErrnoException) => {
      const code = error.code ?? error.message;
      // A new connection after the listener closed: the request was never sent, the client can
      // go to another server. Anything else on a written request is a reset.
      if (code === 'ECONNREFUSED') resolve({ kind: 'refused' });
      else if (code === 'ECONNRESET' || /socket hang up/.test(error.message)) resolve({ kind: 'reset', code, reused: request.reusedSocket });
      else resolve({ kind: 'other', code });
    });
  });
}

describe('SIGTERM under keep-alive load', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'carpool-drain-'));
  let server: ServerProcess;

  beforeAll(async () => {
    server = new ServerProcess('drain', await freePort(), {
      DATA_DIR: dataDir,
      // The embedded database and no Redis, whatever the test run has configured.
      DATABASE_URL: '',
      REDIS_URL: '',
      AUTH_MODE: 'dev',
      JOBS_ENABLED: 'false',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '0',
      NODE_ENV: 'development',
    });
    await server.start();
  }, STARTUP_TIMEOUT_MS + 10_000);

  afterAll(async () => {
    await server?.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers or cleanly closes every kept-alive connection, and exits 0 within the grace period', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: WORKERS });
    const outcomes: Outcome[] = [];
    let stopped = false;

    // Some workers send back to back, others pause, so that the pool holds busy and idle
    // connections alike when the signal comes (an idle one is where a reset would happen).
    const worker = async (index: number) => {
      while (!stopped) {
        const outcome = await get(agent, `${server.url}/api/health`);
        outcomes.push(outcome);
        // Refused: the listener is closed, so this client has nowhere left to go.
        if (outcome.kind === 'refused') return;
        if (index % 2 === 1) await pause(Math.floor(Math.random() * 40));
      }
    };
    const workers = Array.from({ length: WORKERS }, (_, index) => worker(index));

    while (outcomes.length < 100) await pause(10);
    const signalledAt = Date.now();
    server.signal('SIGTERM');
    const exit = await server.exited();
    const exitedAfterMs = Date.now() - signalledAt;
    stopped = true;
    await Promise.all(workers);
    agent.destroy();

    const answered = outcomes.filter((outcome) => outcome.kind === 'answered');
    const resets = outcomes.filter((outcome) => outcome.kind === 'reset');
    const others = outcomes.filter((outcome) => outcome.kind === 'other');
    expect(resets, `reset requests:\n${server.logs()}`).toEqual([]);
    expect(others).toEqual([]);
    expect(answered.length).toBeGreaterThanOrEqual(100);
    expect(new Set(answered.map((outcome) => outcome.status))).toEqual(new Set([200]));
    expect(exit, server.logs()).toEqual({ code: 0, signal: null });
    expect(exitedAfterMs).toBeLessThan(SHUTDOWN_GRACE_MS);
  }, 60_000);
});
