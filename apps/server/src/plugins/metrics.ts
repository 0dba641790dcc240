import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Pool } from 'pg';
import { AppError } from '../lib/app-error.js';
import { bearerMatches, isDirectLocalRequest } from '../lib/local-access.js';
import { createMetrics, type Metrics } from '../lib/metrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's metrics; `app.metrics.registerGauge(...)` adds a quantity read at every scrape. */
    metrics: Metrics;
  }
}

/** The route label of requests that matched no route: the web app's pages and 404s (told apart by status). */
const UNMATCHED_ROUTE = '(unmatched)';

/**
 * Without METRICS_TOKEN only a scraper on this machine may read the metrics: a request that comes
 * straight from a loopback address. A request relayed by a proxy also arrives from loopback, so
 * any forwarding header means "through the proxy" and is refused.
 */
function checkAccess(request: FastifyRequest, token: string | null): void {
  if (token) {
    if (!bearerMatches(request.headers.authorization, token)) {
      throw new AppError('UNAUTHORIZED', 'The metrics need Authorization: Bearer <METRICS_TOKEN>', undefined, {
        'www-authenticate': 'Bearer realm="metrics"',
      });
    }
    return;
  }
  if (!isDirectLocalRequest(request)) {
    throw new AppError('FORBIDDEN', 'The metrics answer only local requests that no proxy forwarded (or set METRICS_TOKEN)');
  }
}

/**
 * Prometheus metrics at GET /metrics: HTTP requests by route pattern and status, the database
 * pool, open sockets, and the process. Registered before every route so that its hook sees them all.
 */
export const metricsPlugin = fp(async (app: FastifyInstance) => {
  const metrics = createMetrics((name, error) => app.log.warn({ err: error, metric: name }, 'metrics: a gauge could not be read'));
  app.decorate('metrics', metrics);

  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      // The pattern (/api/rides/:id), never the URL: one series per route, whatever the ids.
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      status: String(reply.statusCode),
    };
    metrics.httpRequests.inc(labels);
    metrics.httpRequestDuration.observe(labels, reply.elapsedTime / 1000);
  });

  const { database } = app.deps;
  metrics.registerGauge({
    name: 'carpool_database_info',
    help: 'The database in use (kind label: pglite or postgres)',
    labelNames: ['kind'],
    collect: () => [{ labels: { kind: database.kind }, value: 1 }],
  });
  // PGlite is one in-process connection with its own queue and no counters to read: only
  // PostgreSQL's pool has connections in use and callers waiting.
  if (database.kind === 'postgres') {
    const pool = (database.db as unknown as { $client: Pool }).$client;
    metrics.registerGauge({
      name: 'carpool_database_pool_connections',
      help: 'PostgreSQL pool connections by state: in_use, idle',
      labelNames: ['state'],
      collect: () => [
        { labels: { state: 'in_use' }, value: pool.totalCount - pool.idleCount },
        { labels: { state: 'idle' }, value: pool.idleCount },
      ],
    });
    metrics.registerGauge({
      name: 'carpool_database_pool_waiting',
      help: 'Queries waiting for a free PostgreSQL pool connection',
      collect: () => pool.waitingCount,
    });
    metrics.registerGauge({
      name: 'carpool_database_pool_max',
      help: 'Size limit of the PostgreSQL pool',
      collect: () => pool.options.max ?? 10,
    });
  }
  metrics.registerGauge({
    name: 'carpool_socket_connections',
    help: 'Socket.IO connections open on this process',
    // The realtime plugin registers after this one; until then there is nothing open.
    collect: () => (app.hasDecorator('realtime') ? app.realtime.engine.clientsCount : 0),
  });

  app.get(
    '/metrics',
    { schema: { hide: true }, config: { rateLimit: false } },
    async (request, reply) => {
      checkAccess(request, app.deps.config.metricsToken);
      return reply.type(metrics.registry.contentType).send(await metrics.render());
    },
  );
});
