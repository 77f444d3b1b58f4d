import { adminInsightSchema, adminOverviewSchema } from '@villas/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getInsight, getOverview } from './admin-overview.service';

/**
 * The Admin Panel's summary cards (total properties, available now, average nightly
 * price, destinations) and insight charts, administrators only.
 */
export const adminOverviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];

  app.get(
    '/api/admin/overview',
    { config: { access: 'admin' }, schema: { tags, response: { 200: adminOverviewSchema } } },
    async () => getOverview(app.db),
  );

  app.get(
    '/api/admin/insight',
    { config: { access: 'admin' }, schema: { tags, response: { 200: adminInsightSchema } } },
    async () => getInsight(app.db),
  );
};
