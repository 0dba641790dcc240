import { UserIdParams } from '@carpool/shared/schemas/common';
import { AdminUserDetailDto, AdminUsersDto, AdminUsersQuery, AuditLogDto, AuditQuery, SuspendUserInput } from '@carpool/shared/schemas/trust';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, consoleScopeOf } from '../../plugins/auth.js';
import { getUserForAdmin, listAuditForAdmin, searchUsersForAdmin, suspendUserAsAdmin, unsuspendUserAsAdmin } from './admin.service.js';

const Ok = z.object({ ok: z.literal(true) });

export async function adminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = { onRequest: app.requireAdmin };
  // Administrators see everyone; a region moderator the people of their regions (403 for others).
  const consoleUsers = { onRequest: app.requireConsole };

  r.get(
    '/api/admin/users',
    {
      schema: { operationId: 'searchUsersForAdmin', errors: ['FORBIDDEN'],
        tags: ['admin'],
        summary:
          "Search users by name or e-mail (admins: everyone; a region's moderators: its people); the rides, bookings and reports of each are counted",
        querystring: AdminUsersQuery,
        response: { 200: AdminUsersDto },
      },
      ...consoleUsers,
    },
    async (request) => searchUsersForAdmin(app.deps, consoleScopeOf(request), request.query),
  );

  r.get(
    '/api/admin/users/:userId',
    {
      schema: { operationId: 'getUserForAdmin', errors: ['FORBIDDEN', 'NOT_FOUND', 'BAD_REQUEST'],
        tags: ['admin'],
        summary:
          "One user for the console (admins; a region's moderators for its people, with what happened in its regions only): their latest rides, bookings, the reports they made and the reports about them (20 of each, newest first), and their latest verification application",
        params: UserIdParams,
        response: { 200: AdminUserDetailDto },
      },
      ...consoleUsers,
    },
    async (request) => getUserForAdmin(app.deps, consoleScopeOf(request), request.params.userId),
  );

  r.post(
    '/api/admin/users/:userId/suspend',
    {
      schema: { operationId: 'suspendUser', errors: ['FORBIDDEN', 'NOT_FOUND', 'BAD_REQUEST'],
        tags: ['admin'],
        summary:
          "Suspend a user (admins, or the person's region moderators): their sessions and sockets end, sign-in is refused (ACCOUNT_SUSPENDED), upcoming rides are cancelled and their bookings released",
        params: UserIdParams,
        body: SuspendUserInput,
        response: { 200: Ok },
      },
      ...consoleUsers,
    },
    async (request) => {
      await suspendUserAsAdmin(app.deps, authOf(request).user.id, consoleScopeOf(request), request.params.userId, request.body.reason);
      return { ok: true as const };
    },
  );

  r.delete(
    '/api/admin/users/:userId/suspend',
    {
      schema: { operationId: 'unsuspendUser', errors: ['FORBIDDEN', 'NOT_FOUND'], tags: ['admin'], summary: "Lift a suspension (admins, or the person's region moderators)", params: UserIdParams, response: { 200: Ok } },
      ...consoleUsers,
    },
    async (request) => {
      await unsuspendUserAsAdmin(app.deps, authOf(request).user.id, consoleScopeOf(request), request.params.userId);
      return { ok: true as const };
    },
  );

  r.get(
    '/api/admin/audit',
    {
      schema: { operationId: 'listAudit', errors: ['FORBIDDEN'],
        tags: ['admin'],
        summary: 'The audit log of the whole platform, newest first, filterable by action, actor and target (platform admins only)',
        querystring: AuditQuery,
        response: { 200: AuditLogDto },
      },
      ...adminOnly,
    },
    async (request) => listAuditForAdmin(app.deps.db, request.query),
  );
}
