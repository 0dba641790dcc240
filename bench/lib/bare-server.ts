import type { FastifyInstance } from 'fastify';
import type pg from 'pg';

/**
 * Serves a bare baseline (Fastify and its pg pool) on loopback until SIGTERM or SIGINT, then closes
 * the server and the pool and exits, as startNodeProcess's stop expects.
 */
export async function serveBareBaseline(app: FastifyInstance, pool: pg.Pool, port: number): Promise<void> {
  const shutdown = () => {
    app.close().then(
      () => pool.end().finally(() => process.exit(0)),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  await app.listen({ port, host: '127.0.0.1' });
}
