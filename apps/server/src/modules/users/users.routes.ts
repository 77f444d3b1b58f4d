import { idParamSchema, okSchema, pagingQuerySchema, updateUserSchema, userSchema } from '@villas/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actor, requireRole } from '../../plugins/auth';
import { deleteUserByAdmin, listUsers, updateUserByAdmin } from './users.service';

/** Admin user management (seed 001 §7). */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { preHandler: requireRole('admin') };
  app.get(
    '/api/admin/users',
    {
      ...admin,
      schema: { tags: ['admin'], querystring: pagingQuerySchema, response: { 200: z.array(userSchema) } },
    },
    async (request) => listUsers(app.db, request.query),
  );
  app.put(
    '/api/admin/users/:id',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        params: idParamSchema,
        body: updateUserSchema,
        response: { 200: userSchema },
      },
    },
    async (request) => updateUserByAdmin(app.db, app.mailer, actor(request), request.params.id, request.body),
  );
  app.delete(
    '/api/admin/users/:id',
    { ...admin, schema: { tags: ['admin'], params: idParamSchema, response: { 200: okSchema } } },
    async (request) => {
      await deleteUserByAdmin(app.db, actor(request), request.params.id);
      return { ok: true as const };
    },
  );
};
