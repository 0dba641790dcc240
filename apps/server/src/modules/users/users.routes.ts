import { UserIdParams } from '@carpool/shared/schemas/common';
import { PublicUserDto, UserEmailDto } from '@carpool/shared/schemas/users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/app-error.js';
import { toPublicUser } from './users.mapper.js';
import { findUserById } from './users.repository.js';

export async function usersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/users/:userId',
    {
      schema: { tags: ['users'], summary: "A user's public profile", params: UserIdParams, response: { 200: PublicUserDto } },
      onRequest: app.requireAuth,
    },
    async (request) => {
      const user = await findUserById(app.deps.db, request.params.userId);
      if (!user) throw notFound('User');
      return toPublicUser(user);
    },
  );

  r.get(
    '/api/users/:userId/email',
    {
      schema: { tags: ['users'], summary: "A user's e-mail address", params: UserIdParams, response: { 200: UserEmailDto } },
      onRequest: app.requireAuth,
    },
    async (request) => {
      const user = await findUserById(app.deps.db, request.params.userId);
      if (!user) throw notFound('User');
      return { email: user.email };
    },
  );
}
