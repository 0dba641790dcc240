import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BinaryFile } from '@carpool/shared/schemas/common';
import { matchesEntityTag } from '../../lib/entity-tags.js';
import { findViewableFile } from './files.service.js';

/** A file's bytes never change (a new upload is a new id), so public files are cached for a year. */
const PUBLIC_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Identity documents must not stay in shared caches or on a shared computer's disk. */
const PRIVATE_CACHE_CONTROL = 'private, no-store';

export async function filesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/files/:id',
    {
      schema: {
        operationId: 'getFile',
        errors: ['NOT_FOUND'],
        tags: ['files'],
        summary: "A stored file: public files (avatars) to anyone; private documents to their owner, admins and the owner's region moderators only",
        params: z.object({ id: z.string().max(64) }),
        response: {
          // Every stored file is re-encoded to WebP on upload (files.service prepareImage).
          200: { description: "The file's bytes", content: { 'image/webp': { schema: BinaryFile } } },
          304: z.null().meta({ description: 'Not modified: the copy named by If-None-Match is current' }),
        },
      },
      onRequest: app.optionalAuth,
    },
    async (request, reply) => {
      const auth = request.auth;
      const file = await findViewableFile(
        app.deps,
        request.params.id,
        auth ? { userId: auth.user.id, isAdmin: auth.isAdmin, moderatedRegions: auth.moderatedRegions } : null,
      );
      const etag = `"${file.sha256}"`;
      reply
        .header('etag', etag)
        .header('cache-control', file.visibility === 'public' ? PUBLIC_CACHE_CONTROL : PRIVATE_CACHE_CONTROL)
        .header('x-content-type-options', 'nosniff');
      if (file.visibility === 'private') reply.header('vary', 'Authorization');
      if (matchesEntityTag(request.headers['if-none-match'], etag)) {
        // No body at all, not even the schema's `null`: a 304 carries none (RFC 9110, 15.4.5).
        return reply.status(304).send(undefined as unknown as null);
      }
      // Fastify sends a Buffer as it is, never through the serializer; the schema says string
      // because JSON Schema has no type for bytes (the document marks it format: binary).
      return reply.type(file.contentType).header('content-disposition', 'inline').send(file.bytes as unknown as string);
    },
  );
}
