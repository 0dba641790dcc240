/**
 * A chat load process: connects one socket per room member, joins the rooms, then sends one
 * message per second per room through POST /api/messages/send for the window and times every
 * delivery. Senders and receivers of a room live in this process, so one clock times both ends.
 */
import { io, type Socket } from 'socket.io-client';
import { closeHttpClient, postJson } from '../lib/http-client.js';
import { chatContent, parseChatContent, type ClientToParent, type ParentToClient } from './chat-protocol.js';

const CONNECT_CONCURRENCY = 50;
const CONNECT_TIMEOUT_MS = 30_000;
const DRAIN_MS = 3_000;

const send = (message: ClientToParent) => process.send?.(message);
/** Exits once the last report is written to the parent: a fixed delay could drop a large report on a busy machine. */
function sendAndExit(message: ClientToParent, code: number) {
  if (process.send) process.send(message, () => process.exit(code));
  else process.exit(code);
}
/** Sends one message; resolves to the status code, or to the error's code when the request failed. */
function sendMessage(url: string, token: string, body: unknown): Promise<number | string> {
  return postJson(url, token, body).then(
    (answer) => answer.status,
    (error: NodeJS.ErrnoException) => error.code ?? error.message,
  );
}
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function connect(serverUrl: string, token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(serverUrl, { transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true, timeout: CONNECT_TIMEOUT_MS });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => reject(error));
  });
}

function join(socket: Socket, rideId: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('join-ride-chat timed out')), CONNECT_TIMEOUT_MS);
    socket.emit('join-ride-chat', rideId, (result: { ok: boolean; message?: string }) => {
      clearTimeout(timer);
      if (result.ok) resolve();
      else reject(new Error(`join-ride-chat refused: ${result.message}`));
    });
  });
}

async function run(config: Extract<ParentToClient, { type: 'config' }>) {
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  let received = 0;
  const sockets: Socket[] = [];
  const members = config.rooms.flatMap((room, roomIndex) => room.tokens.map((token) => ({ token, room, roomIndex })));

  for (let start = 0; start < members.length; start += CONNECT_CONCURRENCY) {
    await Promise.all(
      members.slice(start, start + CONNECT_CONCURRENCY).map(async ({ token, room }) => {
        const socket = await connect(config.serverUrl, token);
        sockets.push(socket);
        socket.on('new-message', (message: { content: string }) => {
          const key = parseChatContent(message.content);
          const sent = key ? sentAt.get(key) : undefined;
          if (sent === undefined) return;
          received += 1;
          latencies.push(performance.now() - sent);
        });
        await join(socket, room.rideId);
      }),
    );
  }
  send({ type: 'ready', sockets: sockets.length });

  const start = await new Promise<number>((resolve) => {
    process.on('message', (message: ParentToClient) => {
      if (message.type === 'start') resolve(message.atEpochMs);
    });
  });
  await sleep(Math.max(0, start - Date.now()));

  let expected = 0;
  let sendFailures = 0;
  const failureReasons = new Map<string, number>();
  const sends: Promise<void>[] = [];
  const windowStarted = performance.now();
  await Promise.all(
    config.rooms.map(async (room, roomIndex) => {
      // Rooms are spread over the second so that the load is even, as real chats are.
      await sleep((roomIndex / config.rooms.length) * 1000);
      for (let sequence = 0; sequence < config.windowSeconds; sequence += 1) {
        const due = windowStarted + (roomIndex / config.rooms.length) * 1000 + sequence * 1000;
        await sleep(Math.max(0, due - performance.now()));
        const token = room.tokens[sequence % room.tokens.length]!;
        sentAt.set(`${roomIndex}:${sequence}`, performance.now());
        expected += room.tokens.length;
        sends.push(
          sendMessage(`${config.serverUrl}/api/messages/send`, token, { rideId: room.rideId, content: chatContent(roomIndex, sequence) }).then(
            (outcome) => {
              if (outcome === 201) return;
              sendFailures += 1;
              failureReasons.set(String(outcome), (failureReasons.get(String(outcome)) ?? 0) + 1);
            },
          ),
        );
      }
    }),
  );
  await Promise.all(sends);
  await sleep(DRAIN_MS);
  for (const socket of sockets) socket.disconnect();
  closeHttpClient();
  return { type: 'done', latencies, expected, received, sendFailures, failureReasons: Object.fromEntries(failureReasons) } satisfies ClientToParent;
}

process.once('message', (message: ParentToClient) => {
  if (message.type !== 'config') return;
  run(message).then(
    (report) => sendAndExit(report, 0),
    (error: unknown) => sendAndExit({ type: 'failed', message: error instanceof Error ? error.message : String(error) }, 1),
  );
});
