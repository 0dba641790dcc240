import { Writable } from 'node:stream';
import type { RideMessage } from '@carpool/shared/schemas/messages';
import type { SignedInUser } from '@carpool/shared/schemas/users';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { testConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { createDevIdentityProvider } from '../modules/auth/dev-idp.js';
import { createTestDatabase, describeEachDatabase } from '../test/harness.js';
import { insertBooking, insertRide } from '../test/messaging-fixtures.js';
import { OwnRedisServer, redisServerAvailable } from '../test/redis-server.js';
import { freePort } from '../test/server-process.js';
import { baseUrlOf, connected, joinRideChat, openSocket, pause, type ClientSocket } from '../test/socket-client.js';

if (!redisServerAvailable) console.warn('Redis outage under load: skipped, redis-server is not installed');

/** Log lines of one app, parsed. */
function logCapture() {
  const lines: Array<{ level: number; msg: string; redisClient?: string }> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line) as (typeof lines)[number]);
      callback();
    },
  });
  return { lines, stream };
}

interface Sent {
  id: string;
  sentAt: number;
}

describeEachDatabase('Redis killed during load, two app instances on one Redis', (kind) => {
  let redis: OwnRedisServer;
  let database: Database;
  let a: FastifyInstance;
  let b: FastifyInstance;
  const logsA = logCapture();
  const logsB = logCapture();
  let driver: SignedInUser;
  let passenger: SignedInUser;
  let rideId: string;
  const sockets: ClientSocket[] = [];
  const unhandled: unknown[] = [];
  const onUnhandled = (error: unknown) => unhandled.push(error);

  beforeAll(async () => {
    if (!redisServerAvailable) return;
    process.on('unhandledRejection', onUnhandled);
    process.on('uncaughtException', onUnhandled);
    redis = new OwnRedisServer(await freePort());
    await redis.start();
    database = await createTestDatabase(kind);
    const devIdp = await createDevIdentityProvider({ dataDir: null, clock: { now: () => new Date() } });
    // The global rate limit is on (so every request goes through Redis), high enough for the load.
    const config = testConfig({ allowedEmailDomains: ['cornell.edu'], redisUrl: redis.url, rateLimitPerMinute: 100_000 });
    a = await buildApp({ config, database, devIdp, logger: { level: 'info', stream: logsA.stream } });
    b = await buildApp({ config, database, devIdp, logger: { level: 'info', stream: logsB.stream } });
    await a.listen({ port: 0, host: '127.0.0.1' });
    await b.listen({ port: 0, host: '127.0.0.1' });

    const signIn = async (email: string) => {
      const minted = await a.inject({ method: 'POST', url: '/api/dev/id-token', payload: { email, name: email.split('@')[0] } });
      const signedIn = await a.inject({ method: 'POST', url: '/api/auth/google', payload: { tokenId: minted.json<{ tokenId: string }>().tokenId } });
      return signedIn.json<SignedInUser>();
    };
    driver = await signIn('outage-driver@cornell.edu');
    passenger = await signIn('outage-passenger@cornell.edu');
    rideId = await insertRide(database.db, driver.id);
    await insertBooking(database.db, rideId, passenger.id, 'confirmed');
  }, 60_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await a?.close();
    await b?.close();
    await database?.close();
    await redis?.kill();
    process.off('unhandledRejection', onUnhandled);
    process.off('uncaughtException', onUnhandled);
  }, 30_000);

  /** A passenger's socket in the ride's chat, with the time each message arrived. */
  async function chatMember(app: FastifyInstance) {
    const socket = openSocket(baseUrlOf(app), { auth: { token: passenger.token } });
    sockets.push(socket);
    const arrivals = new Map<string, number>();
    socket.on('new-message', (message: RideMessage) => arrivals.set(message.id, Date.now()));
    await connected(socket);
    expect(await joinRideChat(socket, rideId)).toEqual({ ok: true });
    return arrivals;
  }

  async function waitFor(condition: () => boolean, what: string, timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await pause(20);
    }
  }

  it.skipIf(!redisServerAvailable)(
    'no 500, no request waiting on the dead Redis, local chat during the outage, cross-process chat back within 5 s of Redis returning, nothing unhandled',
    async () => {
      const onA = await chatMember(a);
      const onB = await chatMember(b);
      const send = async (content: string): Promise<{ status: number; sent?: Sent }> => {
        const sentAt = Date.now();
        const res = await fetch(`${baseUrlOf(a)}/api/messages/send`, {
          method: 'POST',
          headers: { authorization: `Bearer ${driver.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ rideId, content }),
        });
        const body = (await res.json()) as RideMessage;
        return res.ok ? { status: res.status, sent: { id: body.id, sentAt } } : { status: res.status };
      };

      // Both processes read the stream before the outage (the adapter's reader then has an offset).
      const warmUp = await send('warming up');
      await waitFor(() => onA.has(warmUp.sent!.id) && onB.has(warmUp.sent!.id), 'the first message on both processes', 10_000);

      const statuses: number[] = [];
      const slowDuringOutage: Array<{ url: string; ms: number }> = [];
      const sent: Sent[] = [];
      let killedAt = Number.POSITIVE_INFINITY;
      let restartedAt = Number.POSITIVE_INFINITY;
      let running = true;

      const load = async () => {
        for (let i = 0; running; i++) {
          const app = i % 2 === 0 ? a : b;
          const url = `${baseUrlOf(app)}${i % 3 === 0 ? '/api/health' : `/api/messages/ride/${rideId}`}`;
          const startedAt = Date.now();
          const res = await fetch(url, { headers: { authorization: `Bearer ${passenger.token}` } });
          await res.arrayBuffer();
          statuses.push(res.status);
          const ms = Date.now() - startedAt;
          // The outage lasts over 3 s: a request that waited for Redis would take that long. Under
          // 2 s leaves room for a busy machine.
          if (startedAt > killedAt && startedAt < restartedAt && ms >= 2000) slowDuringOutage.push({ url, ms });
        }
      };
      const chat = async () => {
        for (let i = 0; running; i++) {
          const result = await send(`message ${i}`);
          statuses.push(result.status);
          if (result.sent) sent.push(result.sent);
          await pause(250);
        }
      };
      const loops = [load(), load(), chat()];

      const sentSince = (from: number) => sent.filter((message) => message.sentAt > from);
      // Each phase lasts its time and until enough messages went in it, however busy the machine.
      await pause(1000);
      await redis.kill();
      killedAt = Date.now();
      await Promise.all([pause(3000), waitFor(() => sentSince(killedAt).length >= 8, 'eight messages during the outage', 30_000)]);
      // Chat on one process does not go through Redis: what was sent during the outage is there
      // before Redis comes back.
      const sentDuringOutage = sentSince(killedAt);
      await waitFor(() => sentDuringOutage.every((message) => onA.has(message.id)), 'the outage messages on A while Redis is down', 10_000);
      await redis.start();
      restartedAt = Date.now();
      await Promise.all([pause(6000), waitFor(() => sentSince(restartedAt).length > 10, 'ten messages after the return', 30_000)]);
      running = false;
      await Promise.all(loops);

      expect(statuses.filter((status) => status >= 500), 'answers of 500 or more').toEqual([]);
      expect(new Set(statuses)).toEqual(new Set([200, 201]));
      expect(slowDuringOutage, 'requests that waited on the dead Redis').toEqual([]);

      const duringOutage = sent.filter((message) => message.sentAt > killedAt && message.sentAt < restartedAt);
      expect(duringOutage.length).toBeGreaterThanOrEqual(8);
      // Same process: every message, before, during and after the outage, without waiting on Redis.
      const localDelays = sent.map((message) => (onA.get(message.id) ?? Number.POSITIVE_INFINITY) - message.sentAt);
      expect(Math.max(...localDelays), 'slowest delivery on the same process (ms)').toBeLessThan(2000);

      // Other process: the first message sent after Redis is back arrives within 5 s of its return.
      const afterReturn = sent.filter((message) => message.sentAt > restartedAt);
      expect(afterReturn.length).toBeGreaterThan(10);
      await waitFor(() => afterReturn.every((message) => onB.has(message.id)), 'every message after the return on B', 10_000);
      expect(onB.get(afterReturn[0]!.id)! - restartedAt, 'first cross-process delivery after Redis returned (ms)').toBeLessThan(5000);
      // Those sent during the outage were kept for the other process and arrive once Redis is back.
      await waitFor(() => duringOutage.every((message) => onB.has(message.id)), 'the outage messages on B', 10_000);

      expect(unhandled).toEqual([]);
      // One warning per client and outage, not one per request.
      for (const logs of [logsA, logsB]) {
        const warnings = logs.lines.filter((line) => line.level === 40 && line.redisClient === 'rate-limit');
        expect(warnings.map((line) => line.msg)).toEqual(['Redis unavailable (rate-limit); working without it until it is back']);
        expect(logs.lines.filter((line) => line.level >= 50)).toEqual([]);
      }
    },
    120_000,
  );
});
