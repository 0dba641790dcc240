/**
 * How fast the notification outbox drains e-mail to a local SMTP server (issue 11, acceptance 6:
 * at least 200 e-mails per second). The app runs as its own process on a fresh PostgreSQL
 * database; N notifications are written while its worker is off (the trigger queues one e-mail
 * row each), then a process with the worker on sends them to an SMTP server in this process.
 *
 *   node --conditions=source --import tsx bench/outbox/drain-email.ts   (BENCH_OUTBOX_MAILS, default 2000)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { createBenchDatabase, dropBenchDatabase, openPool } from '../lib/database.js';
import { freePort, startNodeProcess } from '../lib/processes.js';

const MAILS = Number(process.env.BENCH_OUTBOX_MAILS ?? 2000);
const TIMEOUT_MS = 180_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const arrivals: number[] = [];
const messageIds = new Set<string>();
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  closeTimeout: 200,
  onData(stream, _session, callback) {
    let head = '';
    stream.on('data', (chunk: Buffer) => {
      if (head.length < 8192) head += chunk.toString('utf8');
    });
    stream.on('end', () => {
      arrivals.push(performance.now());
      const id = /^Message-ID:\s*(\S+)/im.exec(head)?.[1];
      if (id) messageIds.add(id);
      callback();
    });
  },
});

async function main() {
  const smtpPort = await freePort();
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', () => resolve()));
  const database = await createBenchDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'carpool-bench-outbox-'));
  const port = await freePort();
  const env = {
    NODE_ENV: 'production',
    AUTH_MODE: 'dev',
    ALLOW_DEV_AUTH: '1',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    RATE_LIMIT_PER_MINUTE: '0',
    JOBS_ENABLED: '0',
    LOG_LEVEL: 'warn',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: 'Carpool bench <bench@carpool.localhost>',
  };
  const args = ['--conditions=source', '--import', 'tsx', 'apps/server/src/main.ts'];
  const pool = openPool(database.url, 2);
  try {
    // 1. Migrate and create the recipient, with the worker off.
    const setup = await startNodeProcess({ label: 'app-setup', args, port, env: { ...env, OUTBOX_WORKER: '0' } });
    const post = async (url: string, body: unknown) => {
      const res = await fetch(`${setup.url}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<Record<string, unknown>>;
    };
    const { tokenId } = await post('/api/dev/id-token', { email: 'bench.reader@cornell.edu', name: 'Reader' });
    const signedIn = (await post('/api/auth/google', { tokenId })) as { id: string };
    await setup.stop();

    // 2. N notifications; the trigger queues their outbox rows (e-mail and push).
    await pool.query(
      `insert into notifications (user_id, kind, title, body)
       select $1, 'review_due', 'Review ride ' || g, 'How was it?' from generate_series(1, $2::int) g`,
      [signedIn.id, MAILS],
    );

    // 3. The worker drains them.
    const started = performance.now();
    const app = await startNodeProcess({ label: 'app', args, port, env: { ...env, OUTBOX_WORKER: '1', OUTBOX_POLL_MS: '200' } });
    const deadline = Date.now() + TIMEOUT_MS;
    while (arrivals.length < MAILS && Date.now() < deadline) await sleep(50);
    await sleep(1000);
    await app.stop();

    const { rows } = await pool.query<{ status: string; n: number }>(
      `select status, count(*)::int as n from notification_outbox where channel = 'email' group by status order by status`,
    );
    const first = arrivals[0] ?? started;
    const last = arrivals[arrivals.length - 1] ?? started;
    const steady = arrivals.length > 1 ? ((arrivals.length - 1) / (last - first)) * 1000 : 0;
    const overall = arrivals.length > 0 ? (arrivals.length / (last - started)) * 1000 : 0;
    process.stdout.write(
      [
        `e-mails queued: ${MAILS}; received: ${arrivals.length}; distinct Message-IDs: ${messageIds.size}`,
        `outbox e-mail rows: ${rows.map((row) => `${row.status} ${row.n}`).join(', ')}`,
        `drain rate, first to last e-mail: ${steady.toFixed(0)} e-mails/s`,
        `drain rate, from process start (includes its startup): ${overall.toFixed(0)} e-mails/s`,
        '',
      ].join('\n'),
    );
    if (arrivals.length !== MAILS || messageIds.size !== MAILS) process.exitCode = 1;
  } finally {
    await pool.end();
    await dropBenchDatabase(database);
    rmSync(dataDir, { recursive: true, force: true });
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
