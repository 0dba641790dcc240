import {
  MarkNotificationsReadDto,
  MarkNotificationsReadInput,
  NotificationListDto,
  NotificationsQuery,
} from '@carpool/shared/schemas/notifications';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/auth.js';
import { listNotifications, readNotifications } from './notifications.service.js';

export async function notificationsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/notifications',
    {
      schema: {
        operationId: 'listNotifications',
        tags: ['notifications'],
        summary: "The caller's notifications, newest first (limit default 50, max 200), and the unread count",
        querystring: NotificationsQuery,
        response: { 200: NotificationListDto },
      },
      onRequest: app.requireAuth,
    },
    async (request) => listNotifications(app.deps.db, authOf(request).user.id, request.query.limit),
  );

  r.post(
    '/api/notifications/read',
    {
      schema: {
        operationId: 'readNotifications',
        tags: ['notifications'],
        summary: 'Mark notifications read: the listed ids, or all of them when ids is absent',
        // A bare POST without a body means all of them.
        body: MarkNotificationsReadInput.nullish(),
        response: { 200: MarkNotificationsReadDto },
      },
      onRequest: app.requireAuth,
    },
    async (request) => readNotifications(app.deps.db, authOf(request).user.id, request.body?.ids),
  );
}
