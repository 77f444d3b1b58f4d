import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** /readyz answers within this, whatever the database does (load balancers probe it often). */
const READY_TIMEOUT_MS = 1000;

/** The load the server measures (plugins/pressure.ts) and its open connections. */
const pressureSchema = z.object({
  underPressure: z.boolean(),
  /** null: the event loop was blocked through the whole last sample. */
  eventLoopDelayMs: z.number().nullable(),
  heapUsedPercent: z.number(),
  connections: z.number().int(),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      config: { access: 'public', neverShed: true },
      schema: { hide: true, response: { 200: z.object({ status: z.literal('ok') }) } },
    },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/readyz',
    {
      config: { access: 'public', neverShed: true },
      schema: {
        hide: true,
        response: {
          200: z.object({
            status: z.literal('ready'),
            database: z.string(),
            /** Who decides paged searches: the in-process index once read, the database until then. */
            search: z.enum(['index', 'database']),
            pressure: pressureSchema,
          }),
          503: z.object({
            status: z.enum(['unavailable', 'under-pressure']),
            database: z.string(),
            pressure: pressureSchema,
          }),
        },
      },
    },
    async (_req, reply) => {
      const pressure = { ...app.pressure(), connections: app.connectionStats().open };
      try {
        await app.database.ping(READY_TIMEOUT_MS);
      } catch {
        return reply
          .code(503)
          .header('retry-after', '5')
          .send({ status: 'unavailable' as const, database: app.database.kind, pressure });
      }
      // Shedding requests: ready for none more (a load balancer sends them to another instance).
      if (pressure.underPressure) {
        return reply
          .code(503)
          .header('retry-after', '5')
          .send({ status: 'under-pressure' as const, database: app.database.kind, pressure });
      }
      return {
        status: 'ready' as const,
        database: app.database.kind,
        search: app.searchIndex?.ready ? ('index' as const) : ('database' as const),
        pressure,
      };
    },
  );
};
