import { UserIdParams } from '@carpool/shared/schemas/common';
import { BlockedUsersDto } from '@carpool/shared/schemas/trust';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/auth.js';
import { listBlockedUsers, unblockUser } from './blocks.service.js';

export async function blocksRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/users/me/blocks',
    {
      schema: { operationId: 'listBlockedUsers', tags: ['users'], summary: 'The people you blocked, latest first', response: { 200: BlockedUsersDto } },
      onRequest: app.requireAuth,
    },
    async (request) => listBlockedUsers(app.deps.db, authOf(request).user.id),
  );

  r.delete(
    '/api/users/:userId/block',
    {
      schema: { operationId: 'unblockUser', errors: ['NOT_FOUND'], tags: ['users'], summary: 'Lift a block you made (404 if there is none)', params: UserIdParams, response: { 200: BlockedUsersDto } },
      onRequest: app.requireAuth,
    },
    async (request) => unblockUser(app.deps, authOf(request).user.id, request.params.userId),
  );
}
