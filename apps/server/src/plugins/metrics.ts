import { pgErrorCode } from '@villas/db/client';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus registry (modules/metrics adds the service's own gauges and serves it). */
    metrics: Registry;
  }
}

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Every URL no route matched shares this label, so unknown URLs cannot add series. */
export const UNMATCHED_ROUTE = 'unmatched';

let processRegistry: Registry | undefined;

/**
 * The process's own figures (event-loop delay, heap, CPU, handles: prom-client's defaults, prefixed
 * `villas_`), made once per process and shared by every app in it: each set starts an event-loop
 * monitor that runs until the process ends.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: 'villas_', eventLoopMonitoringPrecision: 20 });
  }
  return processRegistry;
}

/**
 * The HTTP side of the metrics (docs/operations.md › Metrics): every request's duration by method,
 * route pattern (never the URL itself) and status class, the requests in flight, the process's own
 * figures, and the database statements cancelled by their time limit. One registry per app, so
 * tests that build several apps in one process keep their counts apart.
 */
export const metricsPlugin = fp(async (app: FastifyInstance) => {
  // This app's registry: the process's figures, then its own.
  const registry = Registry.merge([processMetrics()]);
  const duration = new Histogram({
    name: 'villas_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by route pattern and status class',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const inFlight = new Gauge({
    name: 'villas_http_requests_in_flight',
    help: 'Requests received and not yet answered',
    registers: [registry],
  });
  const queryTimeouts = new Counter({
    name: 'villas_db_query_timeouts_total',
    help: 'Database statements cancelled by DB_QUERY_TIMEOUT_MS',
    registers: [registry],
  });
  app.decorate('metrics', registry);

  const started = new WeakMap<FastifyRequest, bigint>();
  const done = (request: FastifyRequest, status: string) => {
    const at = started.get(request);
    if (at === undefined) return;
    started.delete(request);
    inFlight.dec();
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    duration.observe(
      {
        method: METHODS.has(method) ? method : 'other',
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        status,
      },
      Number(process.hrtime.bigint() - at) / 1e9,
    );
  };
  // Callback hooks, not async ones: no promise per request on the path every request takes.
  app.addHook('onRequest', (request, _reply, next) => {
    started.set(request, process.hrtime.bigint());
    inFlight.inc();
    next();
  });
  // Once per request: answered, or given up by its client before the answer.
  app.addHook('onResponse', (request, reply, next) => {
    done(request, `${Math.floor(reply.statusCode / 100)}xx`);
    next();
  });
  app.addHook('onRequestAbort', (request, next) => {
    done(request, 'aborted');
    next();
  });
  app.addHook('onError', async (_request, _reply, error) => {
    // query_canceled: statement_timeout (the pool's own read timeout reports no code).
    if (pgErrorCode(error) === '57014' || /Query read timeout/.test(String(error.message)))
      queryTimeouts.inc();
  });
});
