import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { notificationOutbox, pushSubscriptions } from '../../db/schema.js';
import { testLogger } from '../../test/error-logs.js';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/harness.js';
import { startSmtpServer } from '../../test/smtp.js';
import { createNotification } from '../notifications/notifications.service.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => Promise<boolean> | boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(50);
  }
}

describeEachDatabase('notification outbox faults', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** `count` notifications committed together, so that the worker's first claim sees them all. */
  async function reviewsDue(t: TestApp, userId: string, count: number): Promise<void> {
    const afterCommit = await t.database.db.transaction(async (tx) => {
      const pushes: (() => void)[] = [];
      for (let i = 0; i < count; i += 1) {
        pushes.push(await createNotification(tx, t.app.deps.events, { userId, kind: 'review_due', title: `Review ride ${i}`, body: 'How was it?' }));
      }
      return pushes;
    });
    for (const push of afterCommit) push();
  }

  it('keeps working while SMTP is down and sends every e-mail once after it returns', async () => {
    const probe = await startSmtpServer();
    const port = probe.port;
    await probe.close();
    const t = await createTestApp(kind, {
      config: { smtpUrl: `smtp://127.0.0.1:${port}`, outbox: { worker: false, pollMs: 50, startDelayMs: 0, maxAttempts: 20, retryBaseMs: 20, busyRequestsPerSecond: 50 } },
    });
    cleanups.push(() => t.close());
    const user = await t.signIn('down.reader@cornell.edu', 'Reader');
    await reviewsDue(t, user.id, 5);

    await t.app.notificationOutbox.drain();
    const rows = await t.database.db.select().from(notificationOutbox).where(eq(notificationOutbox.channel, 'email'));
    expect(rows).toHaveLength(5);
    for (const row of rows) {
      expect(row.status).toBe('pending');
      expect(row.attempts).toBeGreaterThanOrEqual(1);
      expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
    }
    expect(await t.app.notificationOutbox.depth()).toBeGreaterThanOrEqual(5);
    // The app itself is unaffected.
    expect((await t.call({ method: 'GET', url: '/api/notifications', token: user.token })).statusCode).toBe(200);

    const smtp = await startSmtpServer(port);
    cleanups.push(() => smtp.close());
    await until(async () => {
      await t.app.notificationOutbox.drain();
      return smtp.mails.length >= 5;
    });
    await sleep(200);
    await t.app.notificationOutbox.drain();
    expect(smtp.mails).toHaveLength(5);
    expect(new Set(smtp.mails.map((mail) => mail.messageId)).size).toBe(5);
    expect(new Set(smtp.mails.map((mail) => mail.subject))).toEqual(new Set([0, 1, 2, 3, 4].map((i) => `Review ride ${i}`)));
    const done = await t.database.db.select().from(notificationOutbox).where(eq(notificationOutbox.channel, 'email'));
    expect(done.every((row) => row.status === 'sent' && row.attempts >= 2)).toBe(true);
  }, 120_000);

  it('gives up after the last attempt and keeps the row as failed', async () => {
    const probe = await startSmtpServer();
    await probe.close();
    const t = await createTestApp(kind, {
      config: { smtpUrl: `smtp://127.0.0.1:${probe.port}`, outbox: { worker: false, pollMs: 50, startDelayMs: 0, maxAttempts: 2, retryBaseMs: 10, busyRequestsPerSecond: 50 } },
    });
    cleanups.push(() => t.close());
    const user = await t.signIn('gives.up@cornell.edu', 'Reader');
    await reviewsDue(t, user.id, 1);
    await t.app.notificationOutbox.drain();
    await sleep(100);
    await t.app.notificationOutbox.drain();
    const [row] = await t.database.db.select().from(notificationOutbox).where(eq(notificationOutbox.channel, 'email'));
    expect(row).toMatchObject({ status: 'failed', attempts: 2 });
  }, 120_000);

  it('queues a push row only for someone subscribed, and skips it when the subscription went away before the claim', async () => {
    const smtp = await startSmtpServer();
    cleanups.push(() => smtp.close());
    const t = await createTestApp(kind, {
      config: { smtpUrl: smtp.url, outbox: { worker: false, pollMs: 50, startDelayMs: 0, maxAttempts: 2, retryBaseMs: 10, busyRequestsPerSecond: 50 } },
    });
    cleanups.push(() => t.close());
    const subscribed = await t.signIn('subscribed@cornell.edu', 'Subscribed');
    const never = await t.signIn('never.subscribed@cornell.edu', 'Never');
    await t.database.db.insert(pushSubscriptions).values({ userId: subscribed.id, endpoint: 'https://push.invalid/gone', p256dh: 'key', auth: 'auth' });
    await reviewsDue(t, subscribed.id, 1);
    await reviewsDue(t, never.id, 1);
    const pushRows = () => t.database.db.select().from(notificationOutbox).where(eq(notificationOutbox.channel, 'push'));
    expect((await pushRows()).map((row) => row.userId)).toEqual([subscribed.id]);
    await t.database.db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, subscribed.id));
    await t.app.notificationOutbox.drain();
    expect(await pushRows()).toMatchObject([{ userId: subscribed.id, status: 'skipped', lastError: 'no push subscription' }]);
  }, 120_000);

  it('yields to a busy process: small batches with pauses while requests keep coming, every e-mail once', async () => {
    const smtp = await startSmtpServer();
    cleanups.push(() => smtp.close());
    // One request a second makes this process busy; requests must reach its HTTP server (inject does not).
    const outbox = { worker: true, pollMs: 20, startDelayMs: 0, maxAttempts: 5, retryBaseMs: 20, busyRequestsPerSecond: 1 };
    const t = await createTestApp(kind, { config: { smtpUrl: smtp.url, outbox } });
    cleanups.push(() => t.close());
    const user = await t.signIn('busy.reader@cornell.edu', 'Reader');
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    let busy = true;
    const traffic = (async () => {
      while (busy) {
        await fetch(`${url}/api/health`).then((res) => res.arrayBuffer());
        await sleep(50);
      }
    })();
    await sleep(200);
    await reviewsDue(t, user.id, 12);
    await until(() => smtp.mails.length >= 12);
    busy = false;
    await traffic;
    // 12 e-mails in batches of 5, 5 and 2, with a 250 ms pause after each full batch: the sixth
    // and the eleventh start at least that long after the one before (a slower machine only
    // lengthens the gaps; without the pauses they are the time of one claim).
    const starts = [...smtp.arrivedAt].sort((x, y) => x - y);
    expect([starts[5]! - starts[4]!, starts[10]! - starts[9]!].map((gap) => gap >= 250)).toEqual([true, true]);
    await until(async () => (await t.app.notificationOutbox.depth()) === 0);
    expect(new Set(smtp.mails.map((mail) => mail.messageId)).size).toBe(12);
  }, 120_000);

  it('shares the work between two app instances on one database: each e-mail once', async () => {
    const smtp = await startSmtpServer();
    cleanups.push(() => smtp.close());
    const outbox = { worker: true, pollMs: 20, startDelayMs: 0, maxAttempts: 5, retryBaseMs: 20, busyRequestsPerSecond: 50 };
    const t = await createTestApp(kind, { config: { smtpUrl: smtp.url, outbox } });
    cleanups.push(() => t.close());
    const second: FastifyInstance = await buildApp({ config: t.config, database: t.database, clock: t.clock, logger: testLogger(), devIdp: t.devIdp });
    cleanups.push(() => second.close());
    const user = await t.signIn('two.processes@cornell.edu', 'Reader');
    await reviewsDue(t, user.id, 30);
    await until(() => smtp.mails.length >= 30);
    await until(async () => (await t.app.notificationOutbox.depth()) === 0);
    await sleep(300);
    expect(smtp.mails).toHaveLength(30);
    expect(new Set(smtp.mails.map((mail) => mail.messageId)).size).toBe(30);
  }, 120_000);
});
