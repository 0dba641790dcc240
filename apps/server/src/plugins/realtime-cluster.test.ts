import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DirectMessage, RideMessage } from '@carpool/shared/schemas/messages';
import type { SignedInUser } from '@carpool/shared/schemas/users';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';
import { insertBooking, insertRide } from '../test/messaging-fixtures.js';
import { MESSAGE_RATE_LIMIT } from './message-rate-limit.js';
import { freePort, ServerProcess, STARTUP_TIMEOUT_MS } from '../test/server-process.js';
import { connected, joinRideChat, nextEvent, openPublicSocket, openSocket, pause, record, type ClientSocket } from '../test/socket-client.js';
import type { RideSeats } from '@carpool/shared/schemas/rides';

/**
 * Two real server processes sharing one PostgreSQL database and one Redis, as in production
 * behind a load balancer. Needs both services, so it runs only when CI provides them.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const enabled = Boolean(adminUrl && redisUrl);
const title = enabled
  ? 'realtime across two server processes'
  : 'realtime across two server processes (skipped: set TEST_DATABASE_URL and REDIS_URL to run it)';

if (!enabled) {
  console.warn(`${title}: the two-process tests of acceptance 2 did not run`);
}

describe.skipIf(!enabled)(title, () => {
  const databaseName = `carpool_cluster_${randomBytes(6).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'carpool-cluster-'));
  let database: Database;
  let a: ServerProcess;
  let b: ServerProcess;
  let driver: SignedInUser;
  let passenger: SignedInUser;
  let rideId: string;
  const sockets: ClientSocket[] = [];

  async function api<T>(server: ServerProcess, method: string, url: string, token?: string, body?: unknown): Promise<T> {
    const res = await fetch(`${server.url}${url}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url} on ${server.name}: ${res.status} ${text}`);
    return JSON.parse(text) as T;
  }

  async function signIn(server: ServerProcess, email: string, name: string): Promise<SignedInUser> {
    const { tokenId } = await api<{ tokenId: string }>(server, 'POST', '/api/dev/id-token', undefined, { email, name });
    return api<SignedInUser>(server, 'POST', '/api/auth/google', undefined, { tokenId });
  }

  const sendRideMessage = (server: ServerProcess, user: SignedInUser, content: string) =>
    api<RideMessage>(server, 'POST', '/api/messages/send', user.token, { rideId, content });
  const rideHistory = (server: ServerProcess, user: SignedInUser, after?: string) =>
    api<RideMessage[]>(server, 'GET', `/api/messages/ride/${rideId}${after ? `?after=${after}` : ''}`, user.token);

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    const databaseUrl = new URL(adminUrl!);
    databaseUrl.pathname = `/${databaseName}`;

    const env = {
      DATABASE_URL: databaseUrl.toString(),
      REDIS_URL: redisUrl!,
      // Both processes share the data directory, and so the development sign-in key.
      DATA_DIR: dataDir,
      AUTH_MODE: 'dev',
      JOBS_ENABLED: 'false',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '0',
      // A stream of its own on the shared Redis: other test files' servers publish there too, and
      // enough of their events would push this test's offsets out of the stream before a recovery.
      REDIS_KEY_PREFIX: `${databaseName}:`,
      NODE_ENV: 'development',
    };
    a = new ServerProcess('A', await freePort(), env);
    b = new ServerProcess('B', await freePort(), env);
    // One after the other: the first one runs the migrations.
    await a.start();
    await b.start();

    database = await openDatabase({ databaseUrl: databaseUrl.toString(), pgliteDir: null, poolSize: 2 });
    driver = await signIn(a, 'cluster-driver@cornell.edu', 'Cleo Driver');
    passenger = await signIn(b, 'cluster-passenger@cornell.edu', 'Pete Passenger');
    rideId = await insertRide(database.db, driver.id);
    await insertBooking(database.db, rideId, passenger.id, 'confirmed');
  }, 2 * STARTUP_TIMEOUT_MS);

  beforeEach(async () => {
    // Every test starts with both processes up (a failed test may have left one down) and with
    // the driver's message rate window spent, since the limit is counted in Redis across tests.
    if (!a.running) await a.start();
    if (!b.running) await b.start();
    await pause(MESSAGE_RATE_LIMIT.windowMs + 100);
  }, STARTUP_TIMEOUT_MS * 2);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await Promise.all([a?.stop('SIGTERM'), b?.stop('SIGTERM')]);
    await database?.close();
    if (adminUrl) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${databaseName} with (force)`);
      await admin.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  function track(socket: ClientSocket) {
    sockets.push(socket);
    return socket;
  }

  it('delivers a ride message sent through A to a client on B, and a direct message likewise', async () => {
    const onB = await connected(track(openSocket(b.url, { auth: { token: passenger.token } })));
    expect(await joinRideChat(onB, rideId)).toEqual({ ok: true });

    const rideMessage = nextEvent(onB, 'new-message');
    const sent = await sendRideMessage(a, driver, 'leaving at 9 from the library');
    expect(await rideMessage).toEqual(sent);

    const direct = nextEvent(onB, 'direct-message');
    const notification = nextEvent(onB, 'notification');
    const sentDirect = await api<DirectMessage>(a, 'POST', '/api/conversation-messages/send', driver.token, {
      receiverId: passenger.id,
      content: 'do you have a big suitcase?',
    });
    expect(await direct).toEqual(sentDirect);
    expect(await notification).toMatchObject({ kind: 'direct_message', otherUserId: driver.id });
    onB.disconnect();
  });

  it("sends a booking made through A to a signed-out watcher of the region on B", async () => {
    const watcher = openPublicSocket(b.url, { region: 'cornell' });
    try {
      await connected(watcher);
      const seats = new Promise<RideSeats>((resolve) => watcher.once('ride-seats', resolve));
      const other = await signIn(a, 'cluster-booker@cornell.edu', 'Bea Booker');
      const freshRide = await insertRide(database.db, driver.id);
      await api(a, 'POST', '/api/bookings/bookRide', other.token, { rideId: freshRide, seats: 2, suitcases: 1, paymentIntentId: 'NO_STRIPE' });
      expect(await seats).toEqual({ rideId: freshRide, seatsAvailable: 1, suitcasesAvailable: 1, legs: [{ seatsAvailable: 1, suitcasesAvailable: 1 }], waitingCount: 0, status: 'active' });
    } finally {
      watcher.disconnect();
    }
  });

  /**
   * What the web app does: live messages as they come, and after every reconnection that did
   * not recover the session, a fetch of what came after the last message it has.
   */
  async function chatClient(server: ServerProcess) {
    const socket = track(
      openSocket(server.url, {
        auth: { token: passenger.token },
        reconnection: true,
        reconnectionDelay: 200,
        reconnectionDelayMax: 500,
      }),
    );
    const seen: RideMessage[] = [];
    const live = record(socket, 'new-message');
    socket.on('new-message', (message) => seen.push(message));
    let reconnects = 0;
    let recoveredReconnects = 0;
    let refetches = 0;
    let caughtUp: Promise<void> = Promise.resolve();
    socket.on('connect', () => {
      if (socket.recovered) recoveredReconnects += 1;
      else {
        caughtUp = (async () => {
          expect(await joinRideChat(socket, rideId)).toEqual({ ok: true });
          const missed = await rideHistory(server, passenger, seen.at(-1)?.id);
          refetches += 1;
          seen.push(...missed);
        })();
      }
    });
    socket.io.on('reconnect', () => (reconnects += 1));
    await connected(socket);
    await caughtUp;
    return {
      socket,
      seen,
      live,
      caughtUp: () => caughtUp,
      stats: () => ({ reconnects, recoveredReconnects, refetches }),
    };
  }

  async function waitFor(condition: () => boolean, what: string, timeoutMs = 20_000) {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\nA:\n${a.logs()}\nB:\n${b.logs()}`);
      await pause(50);
    }
  }

  function expectExactlyTheStoredMessages(seen: RideMessage[], stored: RideMessage[]) {
    const ids = seen.map((message) => message.id);
    expect(new Set(ids).size, 'no message seen twice').toBe(ids.length);
    expect(ids, 'every stored message seen, in order').toEqual(stored.map((message) => message.id));
  }

  it('a client whose process is killed and restarted sees every stored message once', async () => {
    const client = await chatClient(b);
    const before = await sendRideMessage(a, driver, 'before the crash');
    await waitFor(() => client.seen.some((m) => m.id === before.id), 'the message before the crash');

    await b.stop('SIGKILL');
    const whileDown: RideMessage[] = [];
    for (let i = 0; i < 3; i++) {
      whileDown.push(await sendRideMessage(a, driver, `while B is down ${i}`));
      await pause(1000 / 4);
    }
    await b.start();
    // The crash lost the session, so the client refetches what it missed after it reconnects.
    await waitFor(() => client.stats().refetches === 2, 'the refetch after the reconnection');
    await client.caughtUp();
    expect(client.stats()).toEqual({ reconnects: 1, recoveredReconnects: 0, refetches: 2 });

    const after = await sendRideMessage(a, driver, 'after the restart');
    await waitFor(() => client.seen.some((m) => m.id === after.id), 'the message after the restart');
    await pause(300);

    const stored = await rideHistory(a, driver);
    expectExactlyTheStoredMessages(client.seen, stored);
    expect(client.live.map((m) => m.id)).not.toEqual(expect.arrayContaining(whileDown.map((m) => m.id)));
    client.socket.disconnect();
  }, 120_000);

  it('a client whose process shuts down gracefully recovers the missed messages through Redis when it reconnects', async () => {
    const client = await chatClient(b);
    const before = await sendRideMessage(a, driver, 'before the restart');
    await waitFor(() => client.seen.some((m) => m.id === before.id), 'the message before the restart');

    await b.stop('SIGTERM');
    const whileDown: RideMessage[] = [];
    for (let i = 0; i < 3; i++) {
      whileDown.push(await sendRideMessage(a, driver, `during the restart ${i}`));
      await pause(1000 / 4);
    }
    await b.start();
    await waitFor(() => whileDown.every((sent) => client.seen.some((m) => m.id === sent.id)), 'the missed messages');
    expect(client.stats()).toMatchObject({ reconnects: 1, recoveredReconnects: 1, refetches: 1 });
    // Replayed from the Redis stream, not fetched again.
    expect(client.live.map((m) => m.id)).toEqual(expect.arrayContaining(whileDown.map((m) => m.id)));

    const after = await sendRideMessage(a, driver, 'after the graceful restart');
    await waitFor(() => client.seen.some((m) => m.id === after.id), 'the message after the restart');
    await pause(300);
    expectExactlyTheStoredMessages(client.seen, await rideHistory(a, driver));
    client.socket.disconnect();
  }, 120_000);
});
