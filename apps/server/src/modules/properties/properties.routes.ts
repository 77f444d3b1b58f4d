import {
  adminPropertyUpdateSchema,
  featuredPropertySchema,
  idParamSchema,
  okSchema,
  pagingQuerySchema,
  propertyInputSchema,
  propertyPageSchema,
  propertySchema,
  searchFiltersSchema,
} from '@villas/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fastResponse, fastSerializer } from '../../lib/response-serializer';
import {
  createProperty,
  deleteProperty,
  type BeforePropertyDelete,
  getFeaturedProperty,
  getProperty,
  listProperties,
  searchProperties,
  updateProperty,
} from './properties.service';

const searchListSerializer = fastSerializer(z.array(propertySchema));
const searchPageSerializer = fastSerializer(propertyPageSchema);

/**
 * A search answers the original list of properties, or a page of cards when the caller pages
 * (properties.service: searchProperties). Agents search all day, so both are written by
 * fast-json-stringify from these same schemas (lib/response-serializer.ts).
 */
const searchAnswerSchema = fastResponse(z.union([z.array(propertySchema), propertyPageSchema]), (data) =>
  Array.isArray(data) ? searchListSerializer(data) : searchPageSerializer(data),
);

/**
 * The catalogue and its rates are for signed-in trade professionals (approved agents and admins);
 * admins write. Only the landing page's featured villa is public.
 */
export const propertiesRoutes: FastifyPluginAsyncZod<{ beforeDelete: BeforePropertyDelete }> = async (
  app,
  { beforeDelete },
) => {
  const tags = ['catalogue'];

  app.get(
    '/api/properties',
    {
      config: { access: 'signed-in' },
      schema: { tags, querystring: pagingQuerySchema, response: { 200: z.array(propertySchema) } },
    },
    async (request) => listProperties(app.db, request.query),
  );
  // Static paths win over the parametric one in Fastify's router, whatever the order.
  app.get(
    '/api/properties/featured',
    { config: { access: 'public' }, schema: { tags, response: { 200: featuredPropertySchema } } },
    async () => getFeaturedProperty(app.db),
  );
  app.get(
    '/api/properties/:id',
    {
      config: { access: 'signed-in' },
      schema: { tags, params: idParamSchema, response: { 200: propertySchema } },
    },
    async (request) => getProperty(app.db, request.params.id),
  );
  app.post(
    '/api/properties/search',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        body: searchFiltersSchema,
        response: { 200: searchAnswerSchema },
      },
    },
    async (request) => searchProperties(app.db, request.body, app.searchIndex),
  );
  app.post(
    '/api/properties',
    {
      config: { access: 'admin', audit: 'property.create' },
      schema: { tags: ['admin'], body: propertyInputSchema, response: { 201: propertySchema } },
    },
    async (request, reply) => {
      reply.code(201);
      return createProperty(request.db, request.body);
    },
  );
  app.put(
    '/api/properties/:id',
    {
      config: { access: 'admin', audit: 'property.update' },
      schema: {
        tags: ['admin'],
        params: idParamSchema,
        body: adminPropertyUpdateSchema,
        response: { 200: propertySchema },
      },
    },
    async (request) => updateProperty(request.db, request.params.id, request.body),
  );
  app.delete(
    '/api/properties/:id',
    {
      config: { access: 'admin', audit: 'property.delete' },
      schema: { tags: ['admin'], params: idParamSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await deleteProperty(request.db, request.params.id, beforeDelete);
      return { ok: true as const };
    },
  );
};
