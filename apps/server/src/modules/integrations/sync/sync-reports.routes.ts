import {
  idParamSchema,
  syncReportSchema,
  syncReportsQuerySchema,
  syncReportSummarySchema,
  syncStartedSchema,
  syncStatsSchema,
} from '@villas/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actor } from '../../../plugins/auth';
import type { IntegrationDeps } from '../integrations.service';
import { getReport, getStats, listReports, startComprehensiveSync } from './sync-reports.service';

/**
 * Sync monitoring, administrators only: the list of runs' reports, one report
 * in detail, live statistics, and triggering the comprehensive sync.
 */
export const syncReportsRoutes: FastifyPluginAsyncZod<{ deps: IntegrationDeps }> = async (app, { deps }) => {
  const tags = ['sync'];

  app.get(
    '/api/admin/sync-reports',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        querystring: syncReportsQuerySchema,
        response: { 200: z.array(syncReportSummarySchema) },
      },
    },
    async (request) => listReports(deps, actor(request), request.query),
  );
  app.get(
    '/api/admin/sync-reports/:id',
    {
      config: { access: 'admin' },
      schema: { tags, params: idParamSchema, response: { 200: syncReportSchema } },
    },
    async (request) => getReport(deps, actor(request), request.params.id),
  );
  app.get(
    '/api/admin/sync-stats',
    { config: { access: 'admin' }, schema: { tags, response: { 200: syncStatsSchema } } },
    async (request) => getStats(deps, actor(request)),
  );
  app.post(
    '/api/admin/trigger-comprehensive-sync',
    {
      config: { access: 'admin', audit: 'sync.comprehensive' },
      schema: { tags, response: { 202: syncStartedSchema } },
    },
    async (request, reply) => {
      actor(request);
      reply.code(202);
      return startComprehensiveSync(deps, 'manual', request);
    },
  );
};
