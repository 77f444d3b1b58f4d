import rateLimit from '@fastify/rate-limit';
import { ErrorCode } from '@villas/shared';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { Config } from '../config/env';
import { ForbiddenError, TooManyRequestsError } from '../lib/errors';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The limit of one public form, per client address (RATE_LIMIT_MAX per RATE_LIMIT_WINDOW_MS),
     * counted once for every route that names the form: the contact form sent as JSON by the app and
     * posted by the browser without JavaScript draw on the same count. A route's `onRequest` hook.
     */
    formLimit(form: string): onRequestAsyncHookHandler;
  }
}

/** Security headers (CSP included), the Origin check against CSRF, and the rate limiter. */
export const securityPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  // helmet's middleware, made once. (@fastify/helmet made it again for every request, its CSP
  // directives parsed each time: 0.05 ms of every answer, 1.2 % of the search route's CPU profile.)
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // The browser sends a form it posts itself (the public pages' forms without JavaScript) with the
    // page's Origin only when the policy lets it name the page: under helmet's 'no-referrer' it sends
    // 'Origin: null', which the check below refuses. 'same-origin' names the page to this site alone;
    // another site still gets no referrer at all.
    referrerPolicy: { policy: 'same-origin' },
    hsts: opts.config.publicUrl?.startsWith('https:') ? undefined : false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });

  // Behind a proxy that TRUST_PROXY does not name, request.ip is the proxy's for every client: the
  // per-address limits then hold all clients together. Said once, at the first such request.
  if (!opts.config.trustProxy) {
    let warned = false;
    app.addHook('onRequest', (request, _reply, done) => {
      if (!warned && request.headers['x-forwarded-for'] !== undefined) {
        warned = true;
        app.log.warn(
          "requests carry X-Forwarded-For but TRUST_PROXY is off: every client shares the proxy's address for rate limits and sign-in limits — set TRUST_PROXY=true behind a proxy you trust",
        );
      }
      done();
    });
  }

  // With PUBLIC_URL, its origin is the only one a change may come from: the request's Host is the
  // client's to choose (a name re-pointed at this server sends its own Host and Origin). Without
  // it, the origin the request was addressed to (local development, the Vite dev server's proxy).
  const publicOrigin = opts.config.publicUrl ? new URL(opts.config.publicUrl).origin : undefined;

  app.addHook('onRequest', async (request) => {
    if (!MUTATING.has(request.method)) return;
    const origin = request.headers.origin;
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site')
      throw new ForbiddenError('Cross-site requests are not allowed', ErrorCode.CSRF_REJECTED);
    if (!origin) return;
    const expected = publicOrigin ?? `${request.protocol}://${request.headers.host ?? ''}`;
    if (origin !== expected) {
      throw new ForbiddenError('Requests from another site are not allowed', ErrorCode.CSRF_REJECTED);
    }
  });

  await app.register(rateLimit, {
    global: false,
    max: opts.config.rateLimit.max,
    timeWindow: opts.config.rateLimit.windowMs,
    // Thrown, so the error handler writes it like every other 429 (message with the wait, Retry-After).
    errorResponseBuilder: (_req, ctx) => new TooManyRequestsError(ctx.ttl / 1000),
  });

  const formLimits = new Map<string, onRequestAsyncHookHandler>();
  app.decorate('formLimit', (form: string) => {
    let limit = formLimits.get(form);
    if (!limit) {
      limit = app.rateLimit(formRateLimit(opts.config).rateLimit) as onRequestAsyncHookHandler;
      formLimits.set(form, limit);
    }
    return limit;
  });
});

/** Route config for login, registration and the public forms: rate-limited per client. */
export function formRateLimit(config: Config) {
  return { rateLimit: { max: config.rateLimit.max, timeWindow: config.rateLimit.windowMs } };
}
