import {
  idParamSchema,
  notificationSchema,
  okSchema,
  pagingQuerySchema,
  userIdParamSchema,
} from '@villas/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actor } from '../../plugins/auth';
import { deleteNotification, listNotifications, markNotificationRead } from './notifications.service';

/**
 * The bell's calls (list, mark as read, delete); each signed-in user reads and changes only
 * their own notifications.
 */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/notifications/:userId',
    {
      config: { access: 'owner' },
      schema: {
        tags: ['notifications'],
        params: userIdParamSchema,
        querystring: pagingQuerySchema,
        response: { 200: z.array(notificationSchema) },
      },
    },
    async (request) => listNotifications(app.db, actor(request), request.params.userId, request.query),
  );

  app.put(
    '/api/notifications/:id/read',
    {
      config: { access: 'owner' },
      schema: { tags: ['notifications'], params: idParamSchema, response: { 200: notificationSchema } },
    },
    async (request) => markNotificationRead(app.db, actor(request), request.params.id),
  );

  app.delete(
    '/api/notifications/:id',
    {
      config: { access: 'owner' },
      schema: { tags: ['notifications'], params: idParamSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await deleteNotification(app.db, actor(request), request.params.id);
      return { ok: true as const };
    },
  );
};
