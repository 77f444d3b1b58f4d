import {
  apiConnectionInputSchema,
  apiConnectionSchema,
  apiConnectionUpdateSchema,
  idParamSchema,
  okSchema,
  syncStartedSchema,
} from '@villas/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actor } from '../../../plugins/auth';
import type { IntegrationDeps } from '../integrations.service';
import {
  createConnection,
  deleteConnection,
  listConnections,
  startConnectionSync,
  updateConnection,
} from './api-connections.service';

/**
 * API connections, administrators only: list, create, enable or disable, delete, and
 * sync one. Secrets go in, only their masked tails come out.
 */
export const apiConnectionsRoutes: FastifyPluginAsyncZod<{ deps: IntegrationDeps }> = async (
  app,
  { deps },
) => {
  const tags = ['sync'];

  app.get(
    '/api/admin/api-connections',
    { config: { access: 'admin' }, schema: { tags, response: { 200: z.array(apiConnectionSchema) } } },
    async (request) => listConnections(deps, actor(request)),
  );
  app.post(
    '/api/admin/api-connections',
    {
      config: { access: 'admin', audit: 'connection.create' },
      schema: { tags, body: apiConnectionInputSchema, response: { 201: apiConnectionSchema } },
    },
    async (request, reply) => {
      reply.code(201);
      return createConnection(deps, request.db, actor(request), request.body);
    },
  );
  app.patch(
    '/api/admin/api-connections/:id',
    {
      config: { access: 'admin', audit: 'connection.update' },
      schema: {
        tags,
        params: idParamSchema,
        body: apiConnectionUpdateSchema,
        response: { 200: apiConnectionSchema },
      },
    },
    async (request) => updateConnection(deps, request.db, actor(request), request.params.id, request.body),
  );
  app.delete(
    '/api/admin/api-connections/:id',
    {
      config: { access: 'admin', audit: 'connection.delete' },
      schema: { tags, params: idParamSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await deleteConnection(deps, request.db, actor(request), request.params.id);
      return { ok: true as const };
    },
  );
  app.post(
    '/api/admin/api-connections/:id/sync',
    {
      config: { access: 'admin', audit: 'connection.sync' },
      schema: { tags, params: idParamSchema, response: { 202: syncStartedSchema } },
    },
    async (request, reply) => {
      actor(request);
      reply.code(202);
      return startConnectionSync(deps, request.params.id, 'manual', request);
    },
  );
};
