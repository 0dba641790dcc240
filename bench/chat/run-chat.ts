import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type pg from 'pg';
import { BENCH_ROOT, REPO_ROOT, withPeakRss } from '../lib/processes.js';
import { SIZES } from '../lib/scale.js';
import { percentile, seededRandom } from '../lib/stats.js';
import { arrayLiteral, BENCH_TIME_ZONE, insertColumns, type SignedInUser } from '../seed/seed-data.js';
import type { ChatRoom, ClientToParent, ParentToClient } from './chat-protocol.js';

export interface ChatResult {
  target: 'ours' | 'baseline';
  sockets: number;
  rooms: number;
  messagesPerSecond: number;
  deliveriesPerSecond: number;
  p50: number;
  p99: number;
  /** Deliveries expected (messages x room members) that did not arrive within the drain time. */
  lost: number;
  sendFailures: number;
  failureReasons: Record<string, number>;
  peakRssMb: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Rooms of 4 to 8 people: a ride whose driver and confirmed passengers are signed-in users. */
export async function seedChatRooms(pool: pg.Pool, users: readonly SignedInUser[]): Promise<ChatRoom[]> {
  const random = seededRandom(23);
  const { sockets, minRoom, maxRoom } = SIZES.chat;
  if (users.length < sockets) throw new Error(`the chat benchmark needs ${sockets} signed-in users, the seed has ${users.length}`);
  const rooms: { rideId: string; members: SignedInUser[] }[] = [];
  let used = 0;
  while (sockets - used >= minRoom) {
    const left = sockets - used;
    // The last room takes what is left; no room may end up smaller than minRoom.
    const drawn = minRoom + Math.floor(random() * (maxRoom - minRoom + 1));
    const size = left <= maxRoom ? left : Math.min(drawn, left - minRoom);
    rooms.push({ rideId: randomUUID(), members: users.slice(used, used + size) });
    used += size;
  }
  const departs = new Date(Date.now() + 3 * DAY_MS).toISOString();
  await insertColumns(pool, 'rides', {
    id: { type: 'uuid', values: rooms.map((room) => room.rideId) },
    region: { type: 'text', values: rooms.map(() => 'cornell') },
    driver_id: { type: 'uuid', values: rooms.map((room) => room.members[0]!.id) },
    from_place: { type: 'text', values: rooms.map(() => 'ithaca') },
    to_place: { type: 'text', values: rooms.map(() => 'boston') },
    departs_at: { type: 'timestamptz', values: rooms.map(() => departs) },
    timezone: { type: 'text', values: rooms.map(() => BENCH_TIME_ZONE) },
    price_cents: { type: 'int4', values: rooms.map(() => 3_000) },
    total_seats: { type: 'int2', values: rooms.map(() => 8) },
    total_suitcases: { type: 'int2', values: rooms.map(() => 8) },
    leg_seats: { type: 'text', values: rooms.map((room) => arrayLiteral([8 - (room.members.length - 1)])), cast: 'smallint[]' },
    leg_suitcases: { type: 'text', values: rooms.map(() => arrayLiteral([8])), cast: 'smallint[]' },
  });
  const passengers = rooms.flatMap((room) => room.members.slice(1).map((member) => ({ rideId: room.rideId, userId: member.id })));
  await insertColumns(pool, 'bookings', {
    id: { type: 'uuid', values: passengers.map(() => randomUUID()) },
    ride_id: { type: 'uuid', values: passengers.map((booking) => booking.rideId) },
    user_id: { type: 'uuid', values: passengers.map((booking) => booking.userId) },
    seats: { type: 'int2', values: passengers.map(() => 1) },
    suitcases: { type: 'int2', values: passengers.map(() => 0) },
    from_place: { type: 'text', values: passengers.map(() => 'ithaca') },
    to_place: { type: 'text', values: passengers.map(() => 'boston') },
    status: { type: 'text', values: passengers.map(() => 'confirmed') },
  });
  return rooms.map((room) => ({ rideId: room.rideId, tokens: room.members.map((member) => member.token) }));
}

function startClient(): ChildProcess {
  return spawn(process.execPath, ['--conditions=source', '--import', 'tsx', path.join(BENCH_ROOT, 'chat/chat-clients.ts')], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

function nextMessage(child: ChildProcess, timeoutMs: number): Promise<ClientToParent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`a chat client sent nothing for ${timeoutMs} ms`));
    }, timeoutMs);
    const onMessage = (message: ClientToParent) => {
      cleanup();
      if (message.type === 'failed') reject(new Error(`chat client failed: ${message.message}`));
      else resolve(message);
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`a chat client exited with code ${code}`));
    };
    const cleanup = () => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/** One window of chat on one server; the client processes each own whole rooms. */
async function runWindow(target: ChatResult['target'], serverUrl: string, serverPid: number, rooms: readonly ChatRoom[]): Promise<ChatResult> {
  const { clientProcesses, windowSeconds } = SIZES.chat;
  const clients = Array.from({ length: clientProcesses }, startClient);
  try {
    const shares = clients.map((_, index) => rooms.filter((_room, roomIndex) => roomIndex % clientProcesses === index));
    const ready = clients.map((child) => nextMessage(child, 120_000));
    clients.forEach((child, index) =>
      child.send({ type: 'config', serverUrl, rooms: shares[index]!, windowSeconds } satisfies ParentToClient),
    );
    await Promise.all(ready);
    const done = clients.map((child) => nextMessage(child, (windowSeconds + 60) * 1000));
    const atEpochMs = Date.now() + 500;
    for (const child of clients) child.send({ type: 'start', atEpochMs } satisfies ParentToClient);
    const { result: reports, peakMb } = await withPeakRss(serverPid, () => Promise.all(done));
    const latencies: number[] = [];
    let expected = 0;
    let received = 0;
    let sendFailures = 0;
    const failureReasons: Record<string, number> = {};
    for (const report of reports) {
      if (report.type !== 'done') throw new Error('a chat client reported out of turn');
      for (const latency of report.latencies) latencies.push(latency);
      expected += report.expected;
      received += report.received;
      sendFailures += report.sendFailures;
      for (const [reason, count] of Object.entries(report.failureReasons)) failureReasons[reason] = (failureReasons[reason] ?? 0) + count;
    }
    const result: ChatResult = {
      target,
      sockets: rooms.reduce((sum, room) => sum + room.tokens.length, 0),
      rooms: rooms.length,
      messagesPerSecond: rooms.length,
      deliveriesPerSecond: received / windowSeconds,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      lost: expected - received,
      sendFailures,
      failureReasons,
      peakRssMb: peakMb,
    };
    process.stderr.write(`chat ${target}: p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, lost ${result.lost}, send failures ${sendFailures} ${JSON.stringify(failureReasons)}\n`);
    return result;
  } finally {
    for (const child of clients) if (child.exitCode === null) child.kill('SIGTERM');
  }
}

export async function runChat(options: {
  rooms: readonly ChatRoom[];
  ours: { url: string; pid: number };
  baseline: { url: string; pid: number };
}): Promise<ChatResult[]> {
  return [
    await runWindow('ours', options.ours.url, options.ours.pid, options.rooms),
    await runWindow('baseline', options.baseline.url, options.baseline.pid, options.rooms),
  ];
}
