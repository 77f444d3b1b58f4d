import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotFoundError, UnauthorizedError } from '../../lib/errors';
import { registerServiceGauges, tokenMatches } from './metrics.service';

/**
 * `GET /metrics` in Prometheus's text format for a scraper holding `METRICS_TOKEN` (Authorization:
 * Bearer …); without a token configured the route answers 404 like any unknown URL. Never shed under
 * load and never rate-limited: a scraper must see the server most when it struggles.
 */
export const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerServiceGauges(app);
  app.get(
    '/metrics',
    { config: { access: 'public', neverShed: true }, schema: { hide: true } },
    async (request, reply) => {
      const token = app.config.metricsToken;
      if (!token) throw new NotFoundError();
      if (!tokenMatches(request.headers.authorization, token)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new UnauthorizedError('A valid metrics token is required (Authorization: Bearer …)');
      }
      reply.type(app.metrics.contentType);
      return app.metrics.metrics();
    },
  );
};
