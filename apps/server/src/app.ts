import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config/env';
import type { Database, Db } from '@villas/db/client';
import { Mailer } from './lib/mailer';
import { validatorCompiler } from './lib/request-validator';
import { serializerCompiler } from './lib/response-serializer';
import { registerModules } from './modules';
import { metricsPlugin } from './plugins/metrics';
import { serverPages } from './modules/pages/pages';
import { SearchIndex } from './modules/properties/search-index';
import { Brochures } from './modules/white-label/white-label.brochures';
import { auditPlugin } from './plugins/audit';
import { sessionsPlugin } from './modules/sessions/sessions.plugin';
import { authPlugin, type RouteAccess } from './plugins/auth';
import { compressionPlugin } from './plugins/compression';
import { clientErrorHandler, connectionGuardPlugin } from './plugins/connection-guard';
import { errorHandlerPlugin } from './plugins/error-handler';
import { openApiPlugin } from './plugins/openapi';
import { pressurePlugin } from './plugins/pressure';
import { securityPlugin } from './plugins/security';
import { uploadsPlugin } from './plugins/uploads';
import { webPlugin } from './plugins/web';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    mailer: Mailer;
    /** Paged searches' in-process index (modules/properties/search-index.ts); absent when turned off. */
    searchIndex: SearchIndex | undefined;
    /** Link brochures: their worker pool and cache (modules/white-label/white-label.brochures.ts). */
    brochures: Brochures;
    /** Every route with its declared access (tests check that none is open by accident). */
    routeInventory: RouteEntry[];
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  /** The route's declared access rule (undefined: none declared, which the inventory test refuses). */
  access: RouteAccess | undefined;
  /** `access` is 'public'. */
  public: boolean;
  assets: boolean;
  /** The audit action the route declares, if any. */
  audit: string | undefined;
  /** The route's request schemas (zod), for tests that derive requests from them. */
  schema: { body?: unknown; querystring?: unknown; params?: unknown } | undefined;
  /** The handler as registered (an audited route's is the audit plugin's wrapper: plugins/audit.ts). */
  handler: unknown;
}

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Serve the built web app (production); tests leave it off. */
  serveWeb?: boolean;
  /** The built web app's folder: apps/web/dist unless a test brings its own. */
  webDistDir?: string;
  /** Its server rendering's folder (apps/web/dist-ssr beside the default dist; none for a test's own). */
  webSsrDir?: string;
  logger?: FastifyServerOptions['logger'];
}

/** The search index reads what changed this often even without searches, so its snapshot stays young. */
const SEARCH_INDEX_REFRESH_MS = 30_000;

/** Builds the whole app as a plugin tree without listening (tests inject into it). */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: opts.config.trustProxy,
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    // Node's own bounds on a connection (the route-level body timeout is connection-guard's): the
    // headers within REQUEST_TIMEOUT_MS, the whole request within the upload allowance, checked
    // often enough for a short test setting to take effect on time.
    requestTimeout: opts.config.uploadRequestTimeoutMs,
    http: {
      headersTimeout: Math.min(opts.config.requestTimeoutMs, 60_000),
      connectionsCheckingInterval: Math.min(
        5000,
        Math.max(100, Math.floor(Math.min(opts.config.requestTimeoutMs, 60_000) / 4)),
      ),
    },
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', opts.config);
  app.decorate('database', opts.database);
  app.decorate('db', opts.database.db);
  app.decorate('mailer', new Mailer(opts.database.db, opts.config, app.log));
  // Messages that could not be sent are retried with back-off while the app runs (lib/mailer.ts).
  app.addHook('onReady', async () => app.mailer.start());
  app.addHook('onClose', async () => app.mailer.close());
  // Read in the background once the app is ready; searches run in the database until it is.
  const searchIndex = opts.config.searchIndex
    ? new SearchIndex(opts.database.db, {
        refreshEveryMs: SEARCH_INDEX_REFRESH_MS,
        onError: (err) => app.log.warn({ err }, 'search index: could not read the catalogue'),
      })
    : undefined;
  app.decorate('searchIndex', searchIndex);
  app.addHook('onReady', async () => searchIndex?.start());
  app.addHook('onClose', async () => searchIndex?.close());
  // Its worker threads start with the first brochure and stop with the app.
  app.decorate('brochures', new Brochures(opts.config, app.log));
  app.addHook('onClose', async () => app.brochures.close());
  app.decorate('routeInventory', [] as RouteEntry[]);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      // Read the config when asked: later onRoute hooks (the docs plugin's) may still set it.
      app.routeInventory.push({
        method,
        url: route.url,
        get access() {
          return route.config?.access;
        },
        get public() {
          return route.config?.access === 'public';
        },
        get assets() {
          return route.config?.assets === true;
        },
        get schema() {
          return route.schema as RouteEntry['schema'];
        },
        get audit() {
          const rule = route.config?.audit;
          return typeof rule === 'string' ? rule : rule?.action;
        },
        get handler() {
          return route.handler;
        },
      });
    }
  });

  await app.register(errorHandlerPlugin);
  // Every request timed, the shed and refused ones included.
  await app.register(metricsPlugin);
  // First of the request hooks: a connection's accounting and its body's deadline, then the load shedding.
  await app.register(connectionGuardPlugin, { config: opts.config });
  await app.register(pressurePlugin, { config: opts.config });
  // Before every route (API, docs, uploads, web app): it attaches itself to each route as it is added.
  await app.register(compressionPlugin);
  await app.register(cookie, { secret: opts.config.sessionSecret });
  await app.register(securityPlugin, { config: opts.config });
  await app.register(openApiPlugin, { config: opts.config });
  await app.register(sessionsPlugin);
  await app.register(authPlugin);
  // After the auth hook (it reads request.user), before every route.
  await app.register(auditPlugin);
  await app.register(uploadsPlugin);
  await app.register(registerModules);
  await app.register(webPlugin, {
    serveWeb: opts.serveWeb ?? false,
    distDir: opts.webDistDir,
    ssrDir: opts.webSsrDir,
    pages: serverPages,
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
