import type { FastifyBaseLogger } from 'fastify';
import type { Redis, RedisOptions } from 'ioredis';

/**
 * Redis is optional and never on the critical path of a request (DESIGN.md section 10): every
 * client made here handles its own errors, logs an outage once (not once per failed command) and
 * reconnects on its own, at most a second and a half after Redis is back.
 */

/** How a client behaves while Redis is unreachable. */
type RedisRole =
  /**
   * Answers inside a request (rate limits): fails at once while disconnected and gives up on a
   * Redis that accepts the connection but does not answer, so that a request never waits on it.
   */
  | 'request-path'
  /**
   * Background traffic (the Socket.IO adapter): commands wait for the reconnection instead of
   * failing, so that what was published during an outage still goes out once Redis is back.
   * Whoever uses it must not wait for it inside a request.
   */
  | 'background';

/**
 * The default of REDIS_COMMAND_TIMEOUT_MS: small enough that a dead Redis costs a request almost
 * nothing, large enough for a loaded one.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 250;
const CONNECT_TIMEOUT_MS = 1_000;
const MAX_RECONNECT_DELAY_MS = 1_500;

interface RedisClientStatus {
  name: string;
  /** ioredis' connection state: `ready` when commands are answered. */
  status: string;
  ready: boolean;
}

/** Every Redis client of one app, so that health can report them and shutdown can close them. */
export interface RedisConnections {
  readonly configured: boolean;
  /** A new client for `REDIS_URL`; throws when Redis is not configured. */
  create(name: string, role: RedisRole): Redis;
  /** The state of every client, for the health check. */
  status(): { configured: boolean; ready: boolean; clients: RedisClientStatus[] };
  /** Closes every client: politely when connected, at once when not (quit would wait for Redis). */
  closeAll(): Promise<void>;
}

const roleOptions = (role: RedisRole, commandTimeoutMs: number): RedisOptions =>
  role === 'request-path'
    ? { enableOfflineQueue: false, maxRetriesPerRequest: 0, commandTimeout: commandTimeoutMs }
    : { enableOfflineQueue: true, maxRetriesPerRequest: null };

/** Closes one client without waiting on a Redis that is not there. */
async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'end') return;
  if (client.status !== 'ready') {
    client.disconnect();
    return;
  }
  try {
    await Promise.race([
      client.quit(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('quit timed out')), CONNECT_TIMEOUT_MS).unref()),
    ]);
  } catch {
    client.disconnect();
  }
}

/** Without REDIS_URL the Redis client library is not even loaded (some 35 ms of every start). */
export async function createRedisConnections(
  url: string | null,
  log: FastifyBaseLogger,
  options: { commandTimeoutMs?: number } = {},
): Promise<RedisConnections> {
  const commandTimeoutMs = options.commandTimeoutMs ?? REDIS_COMMAND_TIMEOUT_MS;
  const redis = url ? { url, Client: (await import('ioredis')).Redis } : null;
  const clients = new Map<string, Redis>();
  const track = (name: string, client: Redis) => {
    watchOutages(client, name, log);
    clients.set(name, client);
  };
  return {
    configured: url !== null,
    create(name, role) {
      if (!redis) throw new Error('Redis is not configured (REDIS_URL)');
      const client = new redis.Client(redis.url, {
        ...roleOptions(role, commandTimeoutMs),
        connectionName: `carpool-${name}`,
        connectTimeout: CONNECT_TIMEOUT_MS,
        retryStrategy: (attempt) => Math.min(attempt * 100, MAX_RECONNECT_DELAY_MS),
      });
      track(name, client);
      if (role === 'background') {
        // The Socket.IO adapter makes its reading and subscribing clients with duplicate():
        // tracked as well, they are reported by status() and closed at shutdown.
        let copies = 0;
        const duplicate = client.duplicate.bind(client);
        client.duplicate = (override) => {
          copies += 1;
          const copy = duplicate(override);
          track(`${name}-${copies}`, copy);
          return copy;
        };
      }
      return client;
    },
    status() {
      const list = [...clients].map(([name, client]) => ({ name, status: client.status, ready: client.status === 'ready' }));
      return { configured: url !== null, ready: url !== null && list.every((client) => client.ready), clients: list };
    },
    async closeAll() {
      await Promise.all([...clients.values()].map(closeRedis));
    },
  };
}

/**
 * One warning when a client loses Redis and one line when it is back; without an 'error'
 * listener ioredis would throw "Unhandled error event" on every failed reconnection.
 */
function watchOutages(client: Redis, name: string, log: FastifyBaseLogger): void {
  let down = false;
  client.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.warn({ err: error, redisClient: name }, `Redis unavailable (${name}); working without it until it is back`);
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    log.info({ redisClient: name }, `Redis is back (${name})`);
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's Redis clients (none without REDIS_URL); `redisConnections.status()` is for health. */
    redisConnections: RedisConnections;
  }
}
