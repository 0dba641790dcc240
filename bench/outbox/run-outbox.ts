/**
 * How fast the notification outbox drains e-mail to a local SMTP server (target: at least 200
 * e-mails per second). The built app runs as its own process on a fresh PostgreSQL database; N
 * notifications are written while its worker is off (the trigger queues one e-mail row and one
 * push row each), then the app restarts with the worker on and sends them to an SMTP server in
 * the bench process. Every e-mail must arrive exactly once (distinct Message-IDs), or the bench fails.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createBenchDatabase, dropBenchDatabase, openPool } from '../lib/database.js';
import { freePort, startAppServer } from '../lib/processes.js';
import { sleep } from '../lib/stats.js';
import { mailEnv, startSmtpSink } from './smtp-sink.js';

const TIMEOUT_MS = 180_000;

export interface OutboxDrain {
  mails: number;
  received: number;
  /** E-mails per second from the first e-mail to the last. */
  steadyPerSecond: number;
  /** E-mails per second from the start of the process with the worker on (includes its start-up). */
  overallPerSecond: number;
  /** Outbox e-mail rows per status after the drain. */
  statuses: Record<string, number>;
}

export async function runOutboxDrain(mails: number): Promise<OutboxDrain> {
  const sink = await startSmtpSink();
  const database = await createBenchDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'carpool-bench-outbox-'));
  const pool = openPool(database.url, 2);
  try {
    const port = await freePort();
    const env = { ...mailEnv(sink), OUTBOX_WORKER: '0' };
    // 1. Migrate and create the recipient, with the worker off.
    const setup = await startAppServer({ port, databaseUrl: database.url, dataDir, label: 'app-outbox-setup', env });
    const post = async (url: string, body: unknown) => {
      const res = await fetch(`${setup.url}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<Record<string, unknown>>;
    };
    const { tokenId } = await post('/api/dev/id-token', { email: 'bench.reader@cornell.edu', name: 'Reader' });
    const signedIn = (await post('/api/auth/google', { tokenId })) as { id: string };
    await setup.stop();

    // 2. N notifications; the trigger queues their outbox rows.
    await pool.query(
      `insert into notifications (user_id, kind, title, body)
       select $1, 'review_due', 'Review ride ' || g, 'How was it?' from generate_series(1, $2::int) g`,
      [signedIn.id, mails],
    );

    // 3. The worker drains them.
    const started = Date.now();
    const app = await startAppServer({
      port,
      databaseUrl: database.url,
      dataDir,
      label: 'app-outbox',
      // The first pass at once (not a second after start, the default): the figure is the drain.
      env: { ...env, OUTBOX_WORKER: '1', OUTBOX_POLL_MS: '200', OUTBOX_START_DELAY_MS: '0' },
    });
    const deadline = Date.now() + TIMEOUT_MS;
    while ((await sink.stats()).received < mails && Date.now() < deadline) await sleep(100);
    await sleep(1_000);
    await app.stop();
    const stats = await sink.stats();

    const { rows } = await pool.query<{ status: string; n: number }>(
      `select status, count(*)::int as n from notification_outbox where channel = 'email' group by status order by status`,
    );
    if (stats.received !== mails || stats.distinct !== mails || stats.firstAt === null || stats.lastAt === null) {
      throw new Error(`OUTBOX DRAIN FAILED: ${mails} e-mails queued, ${stats.received} received, ${stats.distinct} distinct Message-IDs`);
    }
    return {
      mails,
      received: stats.received,
      steadyPerSecond: ((stats.received - 1) / (stats.lastAt - stats.firstAt)) * 1000,
      overallPerSecond: (stats.received / (stats.lastAt - started)) * 1000,
      statuses: Object.fromEntries(rows.map((row) => [row.status, row.n])),
    };
  } finally {
    await pool.end();
    await dropBenchDatabase(database);
    rmSync(dataDir, { recursive: true, force: true });
    await sink.close();
  }
}
