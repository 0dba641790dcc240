import type { FastifyInstance } from 'fastify';
import { dumpEmbeddedDatabase } from '../../db/backup.js';
import { AppError } from '../../lib/app-error.js';
import { bearerMatches, isDirectLocalRequest } from '../../lib/local-access.js';

/**
 * GET /api/ops/backup: a consistent dump of the embedded database, for `npm run backup` while the
 * server runs (the server is the folder's one owner, so the dump must come from it). Only for a
 * direct local request that carries the machine credential the server wrote, readable by its owner
 * alone, into the data folder (see lib/admin-credential.ts).
 */
export async function backupRoutes(app: FastifyInstance, options: { token: string }) {
  app.get('/api/ops/backup', { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) => {
    if (!isDirectLocalRequest(request)) throw new AppError('FORBIDDEN', 'Backups are taken on the server machine only (npm run backup)');
    if (!bearerMatches(request.headers.authorization, options.token)) {
      throw new AppError('UNAUTHORIZED', 'A backup needs the token of the running server (npm run backup reads it)');
    }
    const started = performance.now();
    const dump = await dumpEmbeddedDatabase(app.deps.database);
    request.log.info({ bytes: dump.length, durationMs: Math.round(performance.now() - started) }, 'embedded database backed up');
    return reply
      .type('application/gzip')
      .header('cache-control', 'no-store')
      .header('content-disposition', 'attachment; filename="carpool-embedded-backup.tar.gz"')
      .send(dump);
  });
}
