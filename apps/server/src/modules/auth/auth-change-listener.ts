import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { NOTIFY_CHANNELS } from '../../db/notify-channels.js';
import { keepListening } from '../../db/notify-listener.js';
import type { SessionCache } from './session-cache.js';

/**
 * Keeps the session cache on exactly while this process hears every change to users and sessions:
 * on once it listens, off (and empty) the moment the listening connection goes, on again after it
 * listens anew. While off, every request reads its session from the database, as without a cache.
 * Returns a stop function.
 */
export function startAuthChangeListener(deps: { database: Database; cache: SessionCache; log: FastifyBaseLogger }): () => Promise<void> {
  const { cache } = deps;
  return keepListening({
    database: deps.database,
    channel: NOTIFY_CHANNELS.authChanged,
    log: deps.log,
    name: 'session cache',
    onNotify: (userId) => (userId ? cache.forgetUser(userId) : cache.forgetAll()),
    onListening: () => cache.enable(),
    onDeaf: () => cache.disable(),
  });
}
