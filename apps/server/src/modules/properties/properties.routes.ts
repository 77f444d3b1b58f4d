import { pagingQuerySchema, propertySchema } from '@villas/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listProperties } from './properties.repository';

/** The catalogue and its rates are for signed-in trade professionals (approved agents and admins). */
export const propertiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/properties',
    {
      schema: {
        tags: ['catalogue'],
        querystring: pagingQuerySchema,
        response: { 200: z.array(propertySchema) },
      },
    },
    async (request) => listProperties(app.db, request.query),
  );
};
