import { getHeapStatistics } from 'node:v8';
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/env';
import { ServiceUnavailableError } from '../lib/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answered even when the server is under pressure (the health probes). */
    neverShed?: boolean;
  }
  interface FastifyInstance {
    /** What the load shedding measures, for /readyz. */
    pressure(): {
      underPressure: boolean;
      /** null: the loop was blocked through the whole last sample (no delay could be measured). */
      eventLoopDelayMs: number | null;
      heapUsedPercent: number;
    };
  }
}

/** How often the event loop's delay and the heap are sampled. */
const SAMPLE_MS = 500;
const RETRY_AFTER_SECONDS = 5;

/**
 * Load shedding (docs/operations.md): when the event loop's mean delay over the last sample passes
 * `PRESSURE_MAX_EVENT_LOOP_DELAY_MS`, or the heap in use passes `PRESSURE_MAX_HEAP_PERCENT` of the
 * heap's limit, a new request is answered 503 with Retry-After instead of adding work to a process
 * that could otherwise run out of memory or answer nobody in time. /healthz is never shed; /readyz
 * reports the pressure (a load balancer then sends traffic elsewhere).
 *
 * The sampling starts with the app, after the embedded database has opened: its WebAssembly
 * compilation at start-up (seconds of CPU, hundreds of MB) is over before a threshold is read.
 */
export const pressurePlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const { maxEventLoopDelayMs, maxHeapPercent } = opts.config.pressure;
  const heapLimit = getHeapStatistics().heap_size_limit;
  await app.register(underPressure, {
    sampleInterval: SAMPLE_MS,
    maxEventLoopDelay: maxEventLoopDelayMs,
    maxHeapUsedBytes: maxHeapPercent ? Math.floor((heapLimit * maxHeapPercent) / 100) : 0,
    pressureHandler: async (request, _reply, type) => {
      if (request.routeOptions.config?.neverShed) return;
      request.log.warn({ type, usage: app.memoryUsage() }, 'under pressure: request shed with 503');
      throw new ServiceUnavailableError(RETRY_AFTER_SECONDS, 'The service is very busy right now.');
    },
  });
  app.decorate('pressure', () => {
    const usage = app.memoryUsage();
    return {
      underPressure: app.isUnderPressure(),
      eventLoopDelayMs: Number.isFinite(usage.eventLoopDelay) ? Math.round(usage.eventLoopDelay) : null,
      heapUsedPercent: Math.round((usage.heapUsed / heapLimit) * 100),
    };
  });
});
