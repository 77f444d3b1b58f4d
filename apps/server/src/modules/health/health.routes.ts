import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** /readyz answers within this, whatever the database does (load balancers probe it often). */
const READY_TIMEOUT_MS = 1000;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      config: { access: 'public' },
      schema: { hide: true, response: { 200: z.object({ status: z.literal('ok') }) } },
    },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/readyz',
    {
      config: { access: 'public' },
      schema: {
        hide: true,
        response: {
          200: z.object({
            status: z.literal('ready'),
            database: z.string(),
            /** Who decides paged searches: the in-process index once read, the database until then. */
            search: z.enum(['index', 'database']),
          }),
          503: z.object({ status: z.literal('unavailable'), database: z.string() }),
        },
      },
    },
    async (_req, reply) => {
      try {
        await app.database.ping(READY_TIMEOUT_MS);
        return {
          status: 'ready' as const,
          database: app.database.kind,
          search: app.searchIndex?.ready ? ('index' as const) : ('database' as const),
        };
      } catch {
        return reply
          .code(503)
          .header('retry-after', '5')
          .send({ status: 'unavailable' as const, database: app.database.kind });
      }
    },
  );
};
