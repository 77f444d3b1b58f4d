import { amenitySchema } from '@villas/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listAmenities } from './amenities.service';

export const amenitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const list = () => listAmenities(app.db);

  app.get(
    '/api/amenities',
    {
      config: { access: 'public' },
      schema: { tags: ['catalogue'], response: { 200: z.array(amenitySchema) } },
    },
    list,
  );
  app.get(
    '/api/admin/amenities',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], response: { 200: z.array(amenitySchema) } },
    },
    list,
  );
};
