import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { Clock } from './lib/clock.js';
import type { EventBus } from './lib/events.js';
import type { SessionCache } from './modules/auth/session-cache.js';
import type { RegionDirectory } from './modules/regions/regions.service.js';

/** What every service needs, built once per app and passed down explicitly. */
export interface AppDeps {
  readonly config: Config;
  readonly database: Database;
  readonly db: Db;
  readonly clock: Clock;
  /** Domain events for the realtime layer; publish after commit. */
  readonly events: EventBus;
  /** Signed-in requests' sessions, kept while every change to them is heard (modules/auth/session-cache.ts). */
  readonly sessionCache: SessionCache;
  /** The regions, held in memory and reloaded on every change (modules/regions). */
  readonly regions: RegionDirectory;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
