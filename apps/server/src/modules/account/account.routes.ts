import { BinaryFile } from '@carpool/shared/schemas/common';
import { DeleteAccountInput } from '@carpool/shared/schemas/trust';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../plugins/auth.js';
import { deleteAccount } from './account.service.js';
import { exportAccount } from './export.service.js';

export async function accountRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.delete(
    '/api/users/me',
    {
      schema: { operationId: 'deleteAccount', errors: ['BAD_REQUEST'],
        tags: ['users'],
        summary:
          'Delete your account (body {"confirmation": "DELETE"}): upcoming rides cancelled, bookings released, sessions and files deleted, personal fields erased; what others received stays as "Deleted user"',
        body: DeleteAccountInput,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
      onRequest: app.requireAuth,
    },
    async (request) => {
      await deleteAccount(app.deps, authOf(request).user);
      return { ok: true as const };
    },
  );

  r.get(
    '/api/users/me/export',
    {
      schema: { operationId: 'exportAccount',
        tags: ['users'],
        summary: 'Download everything the app holds about you: a ZIP of JSON files and the files you uploaded',
        response: { 200: { description: 'A ZIP archive of JSON files and your uploaded files', content: { 'application/zip': { schema: BinaryFile } } } },
      },
      onRequest: app.requireAuth,
    },
    async (request, reply) => {
      const { fileName, archive } = await exportAccount(app.deps, authOf(request).user);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        // Fastify sends a Buffer as it is; the schema says string (JSON Schema has no type for bytes).
        .send(archive as unknown as string);
    },
  );
}
