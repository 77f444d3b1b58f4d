import { locationSchema } from '@villas/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../../plugins/auth';
import { listLocations } from './locations.repository';

export const locationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/locations',
    { config: { public: true }, schema: { tags: ['catalogue'], response: { 200: z.array(locationSchema) } } },
    async () => listLocations(app.db),
  );
  app.get(
    '/api/admin/locations',
    {
      preHandler: requireRole('admin'),
      schema: { tags: ['admin'], response: { 200: z.array(locationSchema) } },
    },
    async () => listLocations(app.db),
  );
};
