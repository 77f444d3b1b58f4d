import { adminPropertiesPageSchema, adminPropertiesQuerySchema } from '@villas/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listAdminProperties } from './admin-properties.service';

/**
 * The admin Properties tab's list (its search box matches name, location, description or
 * property type), searched and paged on the server.
 */
export const adminPropertiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/properties',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        querystring: adminPropertiesQuerySchema,
        response: { 200: adminPropertiesPageSchema },
      },
    },
    async (request) => listAdminProperties(app.db, request.query),
  );
};
