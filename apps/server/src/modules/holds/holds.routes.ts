import {
  adminHoldsQuerySchema,
  holdInputSchema,
  holdListQuerySchema,
  holdPageSchema,
  holdReleaseInputSchema,
  holdReleaseResultSchema,
  holdSchema,
  idParamSchema,
} from '@villas/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actor } from '../../plugins/auth';
import {
  confirmHold,
  getHold,
  listActiveHolds,
  listHolds,
  placeHold,
  releaseHold,
  releaseHolds,
} from './holds.service';

/**
 * Holds on a villa's nights: an agent places one from their booking inquiry and sees and
 * releases their own; an administrator sees every hold, releases or confirms it, and sees every
 * agent's active holds page by page and releases several at once. Someone else's hold or inquiry
 * answers 404.
 */
export const holdsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['holds'];

  app.post(
    '/api/holds',
    {
      // From the caller's own inquiry; an administrator may hold from any inquiry.
      config: { access: 'owner-or-admin', audit: 'hold.create' },
      schema: { tags, body: holdInputSchema, response: { 201: holdSchema } },
    },
    async (request, reply) => {
      reply.code(201);
      return placeHold(request.db, actor(request), request.body, app.config.holds);
    },
  );

  app.get(
    '/api/holds',
    {
      config: { access: 'owner-or-admin' },
      schema: { tags, querystring: holdListQuerySchema, response: { 200: z.array(holdSchema) } },
    },
    async (request) => listHolds(app.db, actor(request), request.query),
  );

  app.get(
    '/api/holds/:id',
    {
      config: { access: 'owner-or-admin' },
      schema: { tags, params: idParamSchema, response: { 200: holdSchema } },
    },
    async (request) => getHold(app.db, actor(request), request.params.id),
  );

  app.post(
    '/api/holds/:id/release',
    {
      config: { access: 'owner-or-admin', audit: 'hold.release' },
      schema: { tags, params: idParamSchema, response: { 200: holdSchema } },
    },
    async (request) => releaseHold(request.db, actor(request), request.params.id),
  );

  app.post(
    '/api/holds/:id/confirm',
    {
      config: { access: 'admin', audit: 'hold.confirm' },
      schema: { tags, params: idParamSchema, response: { 200: holdSchema } },
    },
    async (request) => confirmHold(request.db, actor(request), request.params.id),
  );

  app.get(
    '/api/admin/holds',
    {
      config: { access: 'admin' },
      schema: { tags, querystring: adminHoldsQuerySchema, response: { 200: holdPageSchema } },
    },
    async (request) => listActiveHolds(app.db, request.query),
  );

  app.post(
    '/api/admin/holds/release',
    {
      config: { access: 'admin', audit: 'hold.release' },
      schema: { tags, body: holdReleaseInputSchema, response: { 200: holdReleaseResultSchema } },
    },
    async (request) => {
      const result = await releaseHolds(request.db, actor(request), request.body.ids);
      // The log keeps what the call did, beside the ids it was sent.
      if (request.auditDecision) {
        request.auditDecision.summary = { released: result.released, notActive: result.notActive };
      }
      return result;
    },
  );
};
