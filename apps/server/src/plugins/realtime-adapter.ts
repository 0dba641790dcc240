import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * The Redis streams adapter, made independent of Redis for what happens on this process.
 *
 * The adapter's broadcast waits for the stream entry (XADD) before it delivers a room event to
 * the sockets of its own process, and skips them when the XADD fails: with Redis down, chat
 * stopped reaching even the sender's neighbours. Here a room event waits for Redis at most
 * PUBLISH_WAIT_MS (it then carries its stream offset, which connection state recovery needs);
 * past that, or at once while Redis is disconnected, it is delivered locally without an offset,
 * and the XADD stays queued in the client so that the other processes get it once Redis is back.
 * Session recovery and storage are skipped while Redis is unreachable: the client then reconnects
 * as new and fetches the history it missed (the web app does that after every such connect).
 */

/** socket.io-adapter's MessageType.BROADCAST: a room emit (the others never hold up a delivery). */
const BROADCAST = 3;
/** How long a room event may wait for its stream entry before it is delivered without one. */
export const PUBLISH_WAIT_MS = 200;
/** How long a reconnecting socket may wait for its stored session. */
export const RESTORE_WAIT_MS = 1_000;
/**
 * Room events kept for the other processes while Redis is unreachable. Past this, new ones reach
 * this process only, and clients elsewhere catch up from the history when they reconnect.
 */
export const MAX_PENDING_PUBLISHES = 5_000;

/** The adapter's methods this wrapper replaces (publishAndReturnOffset is protected in its types). */
interface ReplaceableMethods {
  publishAndReturnOffset(message: { type: number }): Promise<string>;
  restoreSession(pid: string, offset: string): Promise<unknown>;
  persistSession(session: unknown): void;
}

class RedisUnavailableError extends Error {
  override name = 'RedisUnavailableError';
}

function withinTime<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RedisUnavailableError(`${what}: Redis did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Resolves once the client is connected, within `ms`; rejects when it is not by then or has given up for good. */
function whenReady(redis: Redis, ms: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  if (redis.status === 'end') return Promise.reject(new RedisUnavailableError('Redis is not connected'));
  return new Promise((resolve, reject) => {
    const settle = (error?: Error) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      redis.off('end', onEnd);
      if (error) reject(error);
      else resolve();
    };
    const onReady = () => settle();
    const onEnd = () => settle(new RedisUnavailableError('Redis is not connected'));
    const timer = setTimeout(() => settle(new RedisUnavailableError(`Redis did not connect within ${ms} ms`)), ms);
    redis.once('ready', onReady);
    redis.once('end', onEnd);
  });
}

export function resilientRedisAdapter(redis: Redis, log: FastifyBaseLogger, keyPrefix = ''): ReturnType<typeof createAdapter> {
  // The library's own names, behind the deployment's prefix (REDIS_KEY_PREFIX).
  const createForNamespace = createAdapter(redis, { streamName: `${keyPrefix}socket.io`, sessionKeyPrefix: `${keyPrefix}sio:session:` });
  let pending = 0;
  let overflowing = false;

  // Socket.IO calls it with `new`, so not an arrow function; returning an object from it is what
  // createAdapter's own factory does.
  return function adapterFor(nsp) {
    const adapter = createForNamespace(nsp);
    const methods = adapter as unknown as ReplaceableMethods;
    const publish = methods.publishAndReturnOffset.bind(adapter);
    const restoreSession = methods.restoreSession.bind(adapter);
    const persistSession = methods.persistSession.bind(adapter);

    methods.publishAndReturnOffset = (message) => {
      if (message.type !== BROADCAST) return publish(message);
      if (pending >= MAX_PENDING_PUBLISHES) {
        if (!overflowing) {
          overflowing = true;
          log.warn({ pending }, 'realtime: Redis has been unreachable too long, room events now reach this process only');
        }
        return Promise.reject(new RedisUnavailableError('too many room events waiting for Redis'));
      }
      overflowing = false;
      pending += 1;
      const sent = publish(message).finally(() => (pending -= 1));
      // Rejected only when the client is closed (shutdown); the broadcast itself was delivered locally.
      sent.catch((error: unknown) => log.debug({ err: error }, 'realtime: a room event did not reach Redis'));
      if (redis.status !== 'ready') return Promise.reject(new RedisUnavailableError('Redis is not connected'));
      return withinTime(sent, PUBLISH_WAIT_MS, 'room event');
    };

    methods.restoreSession = (pid, offset) => {
      // A process that has just started may still be connecting when its first clients come back:
      // they wait for it (within the same bound) instead of losing their recovery.
      const restoring = whenReady(redis, RESTORE_WAIT_MS).then(() => restoreSession(pid, offset));
      restoring.catch(() => {});
      return withinTime(restoring, RESTORE_WAIT_MS, 'session recovery');
    };

    methods.persistSession = (session) => {
      // Stored while connected only: queued, it would outlive its two-minute use, and a shutdown
      // that drops the queue would reject it where nobody listens.
      if (redis.status === 'ready') persistSession(session);
    };

    return adapter;
  };
}
