import {
  adminLocationSchema,
  locationSchema,
  okSchema,
  regionInputSchema,
  regionParamsSchema,
  subregionInputSchema,
  subregionParamsSchema,
} from '@villas/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createRegion,
  createSubregion,
  deleteRegion,
  deleteSubregion,
  listAdminLocations,
  listLocations,
} from './locations.service';

/** Regions (countries) and subregions (destinations): public list, admin management. */
export const locationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/locations',
    {
      config: { access: 'public' },
      schema: { tags: ['catalogue'], response: { 200: z.array(locationSchema) } },
    },
    async () => listLocations(app.db),
  );
  app.get(
    '/api/admin/locations',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], response: { 200: z.array(adminLocationSchema) } },
    },
    async () => listAdminLocations(app.db),
  );
  app.post(
    '/api/admin/locations/region',
    {
      config: { access: 'admin', audit: 'region.create' },
      schema: { tags: ['admin'], body: regionInputSchema, response: { 201: locationSchema } },
    },
    async (request, reply) => {
      reply.code(201);
      return createRegion(request.db, request.body.regionName);
    },
  );
  app.post(
    '/api/admin/locations/subregion',
    {
      config: { access: 'admin', audit: 'destination.create' },
      schema: { tags: ['admin'], body: subregionInputSchema, response: { 201: locationSchema } },
    },
    async (request, reply) => {
      reply.code(201);
      return createSubregion(request.db, request.body);
    },
  );
  app.delete(
    '/api/admin/locations/region/:regionName',
    {
      config: { access: 'admin', audit: 'region.delete' },
      schema: { tags: ['admin'], params: regionParamsSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await deleteRegion(request.db, request.params.regionName);
      return { ok: true as const };
    },
  );
  app.delete(
    '/api/admin/locations/subregion/:regionName/:subregionName',
    {
      config: { access: 'admin', audit: 'destination.delete' },
      schema: { tags: ['admin'], params: subregionParamsSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await deleteSubregion(request.db, request.params);
      return { ok: true as const };
    },
  );
};
