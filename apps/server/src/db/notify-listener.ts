import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './client.js';

/** Waits between attempts to listen again after the connection went, growing to the last. */
const RETRY_DELAYS_MS = [250, 1_000, 5_000, 15_000];

export interface NotifyListenerOptions {
  database: Database;
  /** One of NOTIFY_CHANNELS. */
  channel: string;
  log: FastifyBaseLogger;
  /** What hears it, for the log lines: "session cache", "regions". */
  name: string;
  onNotify(payload: string): void;
  /** Each time it listens: at start (`afterLoss` false) and again after each loss (true). */
  onListening(afterLoss: boolean): void | Promise<void>;
  /** The moment it stops hearing: the connection went, listening failed, or it was stopped. */
  onDeaf?(): void;
}

/**
 * Hears a channel of the database's notifications for as long as the process runs: when the
 * listening connection goes (PostgreSQL restarted, or terminated it), it listens again after a
 * short wait, growing to 15 s, and says so through `onListening(true)`, so that what was missed
 * meanwhile can be read again. Returns a stop function.
 */
export function keepListening(options: NotifyListenerOptions): () => Promise<void> {
  const { database, channel, log, name } = options;
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
      void listen(true);
    }, delay);
  };

  const listen = async (afterLoss: boolean) => {
    try {
      const stop = await database.listen(channel, {
        onNotify: (payload) => options.onNotify(payload),
        onLost: (error) => {
          options.onDeaf?.();
          stopListening = null;
          log.warn({ err: error }, `${name}: the database connection that hears changes was lost; listening again`);
          scheduleRetry();
        },
      });
      if (stopped) {
        await stop();
        return;
      }
      stopListening = stop;
      failures = 0;
      await options.onListening(afterLoss);
    } catch (error) {
      options.onDeaf?.();
      if (failures === 0) log.warn({ err: error }, `${name}: could not listen for changes; retrying`);
      scheduleRetry();
    }
  };

  void listen(false);
  return async () => {
    stopped = true;
    options.onDeaf?.();
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    const stop = stopListening;
    stopListening = null;
    // The database may already be closing (its connections going anyway): nothing to undo then.
    await stop?.().catch((error: unknown) => log.debug({ err: error }, `${name}: stopping the listener failed`));
  };
}
