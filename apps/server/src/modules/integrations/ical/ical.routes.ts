import {
  icalExportSchema,
  icalFeedInputSchema,
  icalFeedSchema,
  icalTokenParamsSchema,
  idParamSchema,
  okSchema,
  propertyFeedParamsSchema,
  syncStartedSchema,
} from '@villas/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actor } from '../../../plugins/auth';
import type { IntegrationDeps } from '../integrations.service';
import {
  addFeed,
  getExport,
  listFeeds,
  removeFeed,
  renderExport,
  rotateExport,
  runFeedNow,
} from './ical.service';

/**
 * iCal import feeds of a property and its export feed. The export itself is public: its
 * secret token is the credential (what Airbnb, Vrbo and Google fetch), rotatable by an admin.
 */
export const icalRoutes: FastifyPluginAsyncZod<{ deps: IntegrationDeps }> = async (app, { deps }) => {
  const tags = ['ical'];

  app.get(
    '/api/admin/properties/:id/ical-feeds',
    {
      config: { access: 'admin' },
      schema: { tags, params: idParamSchema, response: { 200: z.array(icalFeedSchema) } },
    },
    async (request) => listFeeds(deps, actor(request), request.params.id),
  );
  app.post(
    '/api/admin/properties/:id/ical-feeds',
    {
      config: { access: 'admin', audit: 'ical-feed.add' },
      schema: { tags, params: idParamSchema, body: icalFeedInputSchema, response: { 201: icalFeedSchema } },
    },
    async (request, reply) => {
      reply.code(201);
      return addFeed(request.db, actor(request), request.params.id, request.body);
    },
  );
  app.delete(
    '/api/admin/properties/:id/ical-feeds/:feedId',
    {
      config: { access: 'admin', audit: 'ical-feed.remove' },
      schema: { tags, params: propertyFeedParamsSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await removeFeed(request.db, actor(request), request.params.id, request.params.feedId);
      return { ok: true as const };
    },
  );
  app.post(
    '/api/admin/properties/:id/ical-feeds/:feedId/run',
    {
      config: { access: 'admin', audit: 'ical-feed.run' },
      schema: { tags, params: propertyFeedParamsSchema, response: { 200: syncStartedSchema } },
    },
    async (request) => runFeedNow(deps, actor(request), request.params.id, request.params.feedId, request),
  );
  app.get(
    '/api/admin/properties/:id/ical-export',
    {
      config: { access: 'admin' },
      schema: { tags, params: idParamSchema, response: { 200: icalExportSchema } },
    },
    async (request) => getExport(deps, actor(request), request.params.id),
  );
  app.post(
    '/api/admin/properties/:id/ical-export/rotate',
    {
      config: { access: 'admin', audit: 'ical-export.rotate' },
      schema: { tags, params: idParamSchema, response: { 200: icalExportSchema } },
    },
    async (request) => rotateExport(deps, request.db, actor(request), request.params.id),
  );
  app.get(
    '/api/ical/:token.ics',
    { config: { access: 'public' }, schema: { tags, params: icalTokenParamsSchema } },
    async (request, reply) => {
      const body = await renderExport(deps, request.params.token);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="calendar.ics"')
        .header('cache-control', 'no-cache')
        .send(body);
    },
  );
};
