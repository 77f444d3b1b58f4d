import { auditLogPageSchema, auditLogQuerySchema } from '@villas/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listAuditLog } from './audit.service';

/** The audit trail of administrators' changes (docs/decisions/007): administrators read it. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/audit-log',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        description:
          'Administrators’ changes, newest first, paged (`limit`, `offset`); `action` keeps the actions ' +
          'starting with it, `actorId` one administrator’s. Secrets in `summary` are redacted.',
        querystring: auditLogQuerySchema,
        response: { 200: auditLogPageSchema },
      },
    },
    async (request) => listAuditLog(app.db, request.query),
  );
};
