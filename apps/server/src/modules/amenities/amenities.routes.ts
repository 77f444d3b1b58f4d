import { amenitySchema } from '@villas/shared';
import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { amenities, amenityCategories } from '../../db/schema';

export const amenitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const list = async () =>
    (
      await app.db
        .select({ id: amenities.id, name: amenities.name, category: amenityCategories.name })
        .from(amenities)
        .leftJoin(amenityCategories, eq(amenityCategories.id, amenities.categoryId))
        .orderBy(asc(amenityCategories.sortOrder), asc(amenities.id))
    ).map((a) => ({ ...a, category: a.category ?? 'Amenities' }));

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
