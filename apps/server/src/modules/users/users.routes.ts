import {
  adminUsersQuerySchema,
  adminUsersSummaryQuerySchema,
  adminUsersSummarySchema,
  idParamSchema,
  okSchema,
  updateUserSchema,
  userSchema,
  type UpdateUserInput,
} from '@villas/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuditRule } from '../../plugins/audit';
import { actor } from '../../plugins/auth';
import {
  deleteUserByAdmin,
  listUsers,
  updateUserByAdmin,
  userDeleteDecision,
  userEditDecision,
  usersSummary,
} from './users.service';

const pathId = (params: unknown) => Number((params as { id?: unknown }).id);

/** `PUT /api/admin/users/:id`: approval, role change or another edit. */
const userEditAudit: AuditRule = {
  action: 'user.update',
  refine: (request) =>
    userEditDecision(request.db, pathId(request.params), request.body as Partial<UpdateUserInput>),
};

/** `DELETE /api/admin/users/:id`: keeps the deleted account's e-mail. */
const userDeleteAudit: AuditRule = {
  action: 'user.delete',
  refine: (request) => userDeleteDecision(request.db, pathId(request.params)),
};

/**
 * Admin user management, administrators only: list, count and search accounts, edit one
 * (approval and role included), delete one (rejecting an application deletes it).
 */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/users',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        description:
          'Every account, newest first. Optional `q` (first name, last name, e-mail, company or licence, ' +
          'case-insensitive), `status` (active or pending) and paging; the answer is always an array.',
        querystring: adminUsersQuerySchema,
        response: { 200: z.array(userSchema) },
      },
    },
    async (request) => listUsers(app.db, request.query),
  );
  app.get(
    '/api/admin/users/summary',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        description: 'Counts of all, approved (active) and pending accounts, matching `q` when given.',
        querystring: adminUsersSummaryQuerySchema,
        response: { 200: adminUsersSummarySchema },
      },
    },
    async (request) => usersSummary(app.db, request.query),
  );
  app.put(
    '/api/admin/users/:id',
    {
      config: { access: 'admin', audit: userEditAudit },
      schema: {
        tags: ['admin'],
        params: idParamSchema,
        body: updateUserSchema,
        response: { 200: userSchema },
      },
    },
    async (request) => {
      const user = await updateUserByAdmin(
        request,
        app.mailer,
        actor(request),
        request.params.id,
        request.body,
      );
      // Every instance forgets the account's sessions when the database announces the change; this
      // one before it answers, once the change is committed.
      request.afterCommit(() => app.sessionCache.forgetUser(request.params.id));
      return user;
    },
  );
  app.delete(
    '/api/admin/users/:id',
    {
      config: { access: 'admin', audit: userDeleteAudit },
      schema: { tags: ['admin'], params: idParamSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await deleteUserByAdmin(request.db, actor(request), request.params.id);
      request.afterCommit(() => app.sessionCache.forgetUser(request.params.id));
      return { ok: true as const };
    },
  );
};
