import { invenioRequestSchema, invenioResultSchema } from '@villas/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actor } from '../../../plugins/auth';
import type { IntegrationDeps } from '../integrations.service';
import { invenioPricing, invenioSearch, invenioSync, invenioVillas } from './invenio.service';

/** The 'Test Invenio API' panel's calls: admin only. */
export const invenioRoutes: FastifyPluginAsyncZod<{ deps: IntegrationDeps }> = async (app, { deps }) => {
  const schema = { tags: ['sync'], body: invenioRequestSchema, response: { 200: invenioResultSchema } };
  const opts = { config: { access: 'admin' as const }, schema };
  app.post('/api/invenio/villas', opts, async (request) => invenioVillas(deps, actor(request), request.body));
  app.post('/api/invenio/search', opts, async (request) => invenioSearch(deps, actor(request), request.body));
  app.post('/api/invenio/pricing', opts, async (request) =>
    invenioPricing(deps, actor(request), request.body),
  );
  // A sync run writes villas, prices and availability: recorded in the audit log.
  app.post(
    '/api/invenio/sync',
    { ...opts, config: { ...opts.config, audit: 'invenio.sync' } },
    async (request) => invenioSync(deps, actor(request), request.body, request),
  );
};
