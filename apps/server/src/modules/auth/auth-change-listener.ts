import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { NOTIFY_CHANNELS } from '../../db/notify-channels.js';
import type { SessionCache } from './session-cache.js';

const AUTH_CHANGED_CHANNEL = NOTIFY_CHANNELS.authChanged;

/** Waits between attempts to listen again after the connection went, growing to the last. */
const RETRY_DELAYS_MS = [250, 1_000, 5_000, 15_000];

/**
 * Keeps the session cache on exactly while this process hears every change to users and sessions:
 * on once it listens, off (and empty) the moment the listening connection goes, on again after it
 * listens anew. While off, every request reads its session from the database, as without a cache.
 * Returns a stop function.
 */
export function startAuthChangeListener(deps: { database: Database; cache: SessionCache; log: FastifyBaseLogger }): () => Promise<void> {
  const { database, cache, log } = deps;
  let stopListening: (() => Promise<void>) | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;
  let stopped = false;

  const scheduleRetry = () => {
    if (stopped || retryTimer) return;
    const delay = RETRY_DELAYS_MS[Math.min(failures, RETRY_DELAYS_MS.length - 1)]!;
    failures += 1;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void listen();
    }, delay);
  };

  const listen = async () => {
    try {
      const stop = await database.listen(AUTH_CHANGED_CHANNEL, {
        onNotify: (userId) => (userId ? cache.forgetUser(userId) : cache.forgetAll()),
        onLost: (error) => {
          cache.disable();
          stopListening = null;
          log.warn({ err: error }, 'session cache: off, the database connection that hears changes was lost');
          scheduleRetry();
        },
      });
      if (stopped) {
        await stop();
        return;
      }
      stopListening = stop;
      failures = 0;
      cache.enable();
    } catch (error) {
      cache.disable();
      if (failures === 0) log.warn({ err: error }, 'session cache: off, could not listen for changes; retrying');
      scheduleRetry();
    }
  };

  void listen();
  return async () => {
    stopped = true;
    cache.disable();
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    const stop = stopListening;
    stopListening = null;
    // The database may already be closing (its connections going anyway): nothing to undo then.
    await stop?.().catch((error: unknown) => log.debug({ err: error }, 'session cache: stopping the listener failed'));
  };
}
