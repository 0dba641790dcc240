import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { Booking } from '@carpool/shared/schemas/bookings';
import type { Ride } from '@carpool/shared/schemas/rides';
import type { RideMessage } from '@carpool/shared/schemas/messages';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { testConfig, type Config } from '../config.js';
import { createDevIdentityProvider } from '../modules/auth/dev-idp.js';
import { hashToken } from '../modules/auth/auth.service.js';
import { OwnPostgresServer, postgresServerAvailable } from '../test/postgres-server.js';
import { rideBody } from '../test/ride-fixtures.js';
import { freePort } from '../test/server-process.js';
import { startSmtpServer, type TestSmtpServer } from '../test/smtp.js';
import { baseUrlOf, connected, joinRideChat, openSocket, pause, type ClientSocket } from '../test/socket-client.js';
import { openDatabase, type Database } from './client.js';

if (!postgresServerAvailable) console.warn('PostgreSQL faults under load: skipped, the PostgreSQL server programs are not installed');

const DATABASE = 'carpool_faults';
/** Concurrent clients of the load, half on each process. */
const WORKERS = 8;

/** Log lines of one app at warn level and above, parsed. */
function logCapture() {
  const lines: Array<{ level: number; msg: string; err?: { message?: string } }> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line) as (typeof lines)[number]);
      callback();
    },
  });
  return { lines, stream };
}

interface Person {
  id: string;
  token: string;
}

interface Answer {
  status: number;
  retryAfter: string | null;
  /** When the request was sent (Date.now()). */
  sentAt: number;
  label: string;
  body: string;
}

/**
 * The drill of an operator: a server under a mixed load (search, booking, ride chat heard over
 * sockets, direct messages, the outbox sending to an SMTP server), a second process beside it, and
 * the database dropping service in each way PostgreSQL does: every backend terminated (a restart,
 * a failover, an administrator), new connections refused (maintenance), the server killed and
 * started again (a crash). The processes must stay up, answer 503 with Retry-After (never 500)
 * while the database is away, and work again within seconds of its return without losing an
 * acknowledged write.
 */
describe.skipIf(!postgresServerAvailable)('PostgreSQL faults under a mixed load, on a PostgreSQL of the test\'s own', () => {
  let server: OwnPostgresServer;
  let smtp: TestSmtpServer;
  let databaseA: Database;
  let databaseB: Database;
  let a: FastifyInstance;
  let b: FastifyInstance;
  const logsA = logCapture();
  const logsB = logCapture();
  let driver: Person;
  const passengers: Person[] = [];
  const rideIds: string[] = [];
  const sockets: ClientSocket[] = [];
  const heard = new Set<string>();
  const crashes: unknown[] = [];
  const onCrash = (error: unknown) => crashes.push(error);

  /** Acknowledged writes: every one must have its row at the end. */
  const bookedIds = new Set<string>();
  const rideMessageIds = new Set<string>();
  const directMessageIds = new Set<string>();
  const answers: Answer[] = [];

  beforeAll(async () => {
    process.on('uncaughtException', onCrash);
    process.on('unhandledRejection', onCrash);
    server = new OwnPostgresServer(await freePort());
    await server.start();
    await server.sql(`create database ${DATABASE}`);
    smtp = await startSmtpServer();
    const url = server.databaseUrl(DATABASE);
    databaseA = await openDatabase({ databaseUrl: url, pgliteDir: null, poolSize: 6 });
    await databaseA.migrate();
    databaseB = await openDatabase({ databaseUrl: url, pgliteDir: null, poolSize: 6 });
    const devIdp = await createDevIdentityProvider({ dataDir: null, clock: { now: () => new Date() } });
    const config: Config = testConfig({
      allowedEmailDomains: ['cornell.edu'],
      smtpUrl: smtp.url,
      outbox: { worker: true, pollMs: 100, startDelayMs: 0, maxAttempts: 20, retryBaseMs: 50, busyRequestsPerSecond: 0 },
    });
    a = await buildApp({ config, database: databaseA, devIdp, logger: { level: 'warn', stream: logsA.stream } });
    b = await buildApp({ config: { ...config, outbox: { ...config.outbox, worker: false } }, database: databaseB, devIdp, logger: { level: 'warn', stream: logsB.stream } });
    await a.listen({ port: 0, host: '127.0.0.1' });
    await b.listen({ port: 0, host: '127.0.0.1' });

    // A dozen people, their sessions straight in the database (sign-in is rate limited per address).
    const people: Person[] = [];
    for (let i = 0; i < 12; i += 1) {
      const token = randomBytes(32).toString('base64url');
      const [row] = (
        await server.sql(
          `insert into users (issuer, subject, email, name, college) values ('test', 'fault${i}', 'fault${i}@cornell.edu', 'Person ${i}', 'cornell') returning id`,
          DATABASE,
        )
      ).rows as Array<{ id: string }>;
      const expires = new Date(Date.now() + 86_400_000).toISOString();
      await server.sql(`insert into sessions (user_id, token_hash, expires_at) values ('${row!.id}', '${hashToken(token)}', '${expires}')`, DATABASE);
      people.push({ id: row!.id, token });
    }
    driver = people[0]!;
    passengers.push(...people.slice(1));
    // Rides in a week; enough of them that every passenger can book several.
    const date = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    for (let i = 0; i < 8; i += 1) {
      const res = await http(a, 'POST', '/api/rides', driver, { ...rideBody({ date, time: `1${i}:00`, totalSeats: 8, seatsAvailable: 8 }) });
      expect(res.status, res.body).toBe(201);
      rideIds.push((JSON.parse(res.body) as Ride).id);
    }
    // The first ride's chat: each load worker's passenger has a seat on it (messages are rate
    // limited per sender, so each writes their own), heard over sockets on both processes.
    for (const person of passengers.slice(0, WORKERS)) {
      const booked = await http(a, 'POST', '/api/bookings/bookRide', person, { rideId: rideIds[0], seats: 1, suitcases: 0, paymentIntentId: 'NO_STRIPE' });
      expect(booked.status, booked.body).toBe(201);
      bookedIds.add((JSON.parse(booked.body) as Booking).id);
    }
    sockets.push(await chatSocket(a, passengers[0]!), await chatSocket(b, passengers[1]!));
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await a?.close();
    await b?.close();
    await databaseA?.close();
    await databaseB?.close();
    await smtp?.close();
    await server?.destroy();
    process.off('uncaughtException', onCrash);
    process.off('unhandledRejection', onCrash);
  }, 60_000);

  async function http(app: FastifyInstance, method: string, path: string, person: Person | null, body?: unknown, label = path): Promise<Answer> {
    const sentAt = Date.now();
    try {
      const res = await fetch(`${baseUrlOf(app)}${path}`, {
        method,
        headers: {
          'x-region': 'cornell',
          ...(person ? { authorization: `Bearer ${person.token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, retryAfter: res.headers.get('retry-after'), sentAt, label, body: await res.text() };
    } catch (error) {
      // The server closed the connection without answering: a crash would look like this.
      return { status: 0, retryAfter: null, sentAt, label, body: String(error) };
    }
  }

  async function chatSocket(app: FastifyInstance, person: Person): Promise<ClientSocket> {
    const socket = await connected(openSocket(baseUrlOf(app), { auth: { token: person.token, region: 'cornell' } }));
    socket.on('new-message', (message: RideMessage) => heard.add(message.id));
    expect((await joinRideChat(socket, rideIds[0]!)).ok).toBe(true);
    return socket;
  }

  /** Runs the mixed load on both processes until `stop` resolves. */
  async function load(stop: Promise<void>) {
    let running = true;
    void stop.then(() => (running = false));
    const worker = async (index: number) => {
      const app = index % 2 === 0 ? a : b;
      const person = passengers[index % passengers.length]!;
      let step = 0;
      while (running) {
        step += 1;
        const kind = (step + index) % 4;
        let answer: Answer;
        if (kind === 0) {
          answer = await http(app, 'GET', '/api/rides/getall', null, undefined, 'search');
        } else if (kind === 1) {
          const rideId = rideIds[(step + index) % rideIds.length]!;
          answer = await http(app, 'POST', '/api/bookings/bookRide', person, { rideId, seats: 1, suitcases: 0, paymentIntentId: 'NO_STRIPE' }, 'book');
          if (answer.status === 201) bookedIds.add((JSON.parse(answer.body) as Booking).id);
        } else if (kind === 2) {
          answer = await http(app, 'POST', '/api/messages/send', person, { rideId: rideIds[0], content: `chat ${index}.${step}` }, 'chat');
          if (answer.status === 201) rideMessageIds.add((JSON.parse(answer.body) as { id: string }).id);
        } else {
          answer = await http(app, 'POST', '/api/conversation-messages/send', person, { receiverId: driver.id, content: `dm ${index}.${step}` }, 'dm');
          if (answer.status === 201) directMessageIds.add((JSON.parse(answer.body) as { id: string }).id);
        }
        answers.push(answer);
        await pause(answer.status === 503 ? 100 : 20);
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, (_, index) => worker(index)));
  }

  /** Whether a read and a write on both processes work now. */
  async function works(): Promise<boolean> {
    // Two people of their own (messages are rate limited per sender), not among the load's.
    for (const [app, writer] of [
      [a, passengers[8]!],
      [b, passengers[10]!],
    ] as const) {
      const read = await http(app, 'GET', '/api/rides/getall', null);
      const write = await http(app, 'POST', '/api/conversation-messages/send', writer, { receiverId: driver.id, content: 'back?' });
      const health = await http(app, 'GET', '/api/health', null);
      if (write.status === 201) directMessageIds.add((JSON.parse(write.body) as { id: string }).id);
      if (read.status !== 200 || write.status !== 201 || health.status !== 200) return false;
    }
    return true;
  }

  /** Waits until everything works again; returns how long that took after `since`. */
  async function recovery(since: number): Promise<number> {
    while (!(await works())) {
      if (Date.now() - since > 30_000) throw new Error('the service did not recover within 30 s');
      await pause(250);
    }
    return Date.now() - since;
  }

  async function terminateBackends() {
    await server.sql(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${DATABASE}' and pid <> pg_backend_pid()`);
  }

  async function terminateBackendsUntilNoneLeft() {
    const othersSql = `select count(*)::int as n from pg_stat_activity where datname = '${DATABASE}' and pid <> pg_backend_pid()`;
    for (let quiet = 0, tries = 0; quiet < 2 && tries < 20; tries += 1) {
      await terminateBackends();
      await pause(100);
      const [row] = (await server.sql(othersSql)).rows as Array<{ n: number }>;
      quiet = row!.n === 0 ? quiet + 1 : 0;
    }
  }

  /** Answers sent at least `settleMs` after the fault began and before it ended. */
  function answersDuring(start: number, end: number, settleMs = 1_000) {
    return answers.filter((answer) => answer.sentAt >= start + settleMs && answer.sentAt < end);
  }

  function expectNoCrashNorInternalError() {
    expect(crashes, String(crashes[0])).toEqual([]);
    const bad = answers.filter((answer) => answer.status === 0 || answer.status >= 500 && answer.status !== 503);
    expect(bad.map((answer) => `${answer.label} ${answer.status} ${answer.body.slice(0, 200)}`)).toEqual([]);
    for (const answer of answers.filter((one) => one.status === 503)) expect(answer.retryAfter, answer.label).toBe('5');
    const errors = [...logsA.lines, ...logsB.lines].filter((line) => line.level >= 50);
    expect(errors.map((line) => `${line.msg}: ${line.err?.message ?? ''}`)).toEqual([]);
  }

  it('survives every backend terminated, twice', async () => {
    let endLoad!: () => void;
    const running = load(new Promise((resolve) => (endLoad = resolve)));
    await pause(1_000);
    for (let round = 0; round < 2; round += 1) {
      await terminateBackends();
      const took = await recovery(Date.now());
      expect(took).toBeLessThan(5_000);
      await pause(500);
    }
    endLoad();
    await running;
    expectNoCrashNorInternalError();
  }, 60_000);

  /**
   * One outage under the load: `down` takes the database away, `up` brings it back after the
   * service was seen down (health 503 on `probe`). While it lasts, every answer is 503 with
   * Retry-After; within 5 s of its return everything works again.
   */
  async function outage(fault: { down(): Promise<void>; up(): Promise<void>; lastsMs: number; probe: () => FastifyInstance }) {
    let endLoad!: () => void;
    const running = load(new Promise((resolve) => (endLoad = resolve)));
    await pause(500);
    const start = Date.now();
    await fault.down();
    await pause(fault.lastsMs / 2);
    expect((await http(fault.probe(), 'GET', '/api/health', null)).status).toBe(503);
    await pause(fault.lastsMs / 2);
    const end = Date.now();
    await fault.up();
    const took = await recovery(Date.now());
    endLoad();
    await running;
    const during = answersDuring(start, end);
    expect(during.length).toBeGreaterThan(10);
    expect(new Set(during.map((answer) => answer.status))).toEqual(new Set([503]));
    expect(took).toBeLessThan(5_000);
    expectNoCrashNorInternalError();
  }

  it('answers 503 while connections are refused (allow_connections false for 6 s), then recovers', async () => {
    await outage({
      // Maintenance refuses new connections and ends the open ones.
      down: async () => {
        await server.sql(`alter database ${DATABASE} allow_connections false`);
        // A connection whose start-up passed the check just before the change is not listed yet
        // when the first termination runs: end them until none is left, as an operator would.
        await terminateBackendsUntilNoneLeft();
      },
      up: async () => {
        await server.sql(`alter database ${DATABASE} allow_connections true`);
      },
      lastsMs: 6_000,
      probe: () => a,
    });
  }, 60_000);

  it('answers 503 while PostgreSQL is killed (SIGKILL) and down, then recovers once it is started again', async () => {
    await outage({ down: () => server.kill(), up: () => server.start(), lastsMs: 3_000, probe: () => b });
  }, 90_000);

  it('lost no acknowledged write, kept seat accounting exact, and still works: sockets, sign-out across processes, e-mail', async () => {
    const bookingRows = await server.sql(`select id from bookings`, DATABASE);
    const present = new Set((bookingRows.rows as Array<{ id: string }>).map((row) => row.id));
    expect([...bookedIds].filter((id) => !present.has(id))).toEqual([]);
    const chatRows = await server.sql(`select id from ride_messages`, DATABASE);
    const chat = new Set((chatRows.rows as Array<{ id: string }>).map((row) => row.id));
    expect([...rideMessageIds].filter((id) => !chat.has(id))).toEqual([]);
    const dmRows = await server.sql(`select id from direct_messages`, DATABASE);
    const dms = new Set((dmRows.rows as Array<{ id: string }>).map((row) => row.id));
    expect([...directMessageIds].filter((id) => !dms.has(id))).toEqual([]);
    expect(bookedIds.size).toBeGreaterThan(WORKERS + 10);
    expect(rideMessageIds.size).toBeGreaterThan(10);
    expect(directMessageIds.size).toBeGreaterThan(10);

    const seats = await server.sql(
      `select r.id, r.total_seats, r.seats_available,
              coalesce((select sum(b.seats) from bookings b where b.ride_id = r.id and b.status in ('pending', 'confirmed')), 0)::int as held
         from rides r`,
      DATABASE,
    );
    for (const row of seats.rows as Array<{ id: string; total_seats: number; seats_available: number; held: number }>) {
      expect(row.seats_available, row.id).toBe(row.total_seats - row.held);
    }

    // Sockets: the old ones may have been dropped with the server's sockets or not; new ones work,
    // on both processes, and hear a message sent through the other.
    const fresh = [await chatSocket(a, passengers[0]!), await chatSocket(b, passengers[1]!)];
    sockets.push(...fresh);
    const sent = await http(a, 'POST', '/api/messages/send', driver, { rideId: rideIds[0], content: 'after the faults' });
    expect(sent.status, sent.body).toBe(201);
    const id = (JSON.parse(sent.body) as { id: string }).id;
    const deadline = Date.now() + 5_000;
    while (!heard.has(id) && Date.now() < deadline) await pause(50);
    expect(heard.has(id)).toBe(true);

    // A sign-out on one process reaches the other, which had the session in its cache.
    const leaving = passengers[9]!;
    expect((await http(b, 'GET', `/api/users/${leaving.id}`, leaving)).status).toBe(200);
    expect((await http(b, 'GET', `/api/users/${leaving.id}`, leaving)).status).toBe(200);
    expect((await http(a, 'POST', '/api/auth/logout', leaving)).status).toBe(200);
    const refusedBy = Date.now() + 10_000;
    let status = 0;
    while (Date.now() < refusedBy) {
      status = (await http(b, 'GET', `/api/users/${leaving.id}`, leaving)).status;
      if (status === 401) break;
      await pause(50);
    }
    expect(status).toBe(401);

    // The outbox went on sending: every notification row is sent or still due, none failed for good.
    const outbox = await server.sql(`select status, count(*)::int as n from notification_outbox group by status`, DATABASE);
    const byStatus = Object.fromEntries((outbox.rows as Array<{ status: string; n: number }>).map((row) => [row.status, row.n]));
    expect(byStatus.failed ?? 0).toBe(0);
    expect(smtp.mails.length).toBeGreaterThan(0);
    expectNoCrashNorInternalError();
  }, 60_000);
});
