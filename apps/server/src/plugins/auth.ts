import type { CurrentUser } from '@villas/shared';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { ForbiddenError, UnauthorizedError } from '../lib/errors';
import { findSession } from '../modules/sessions/sessions.service';

export const SESSION_COOKIE = 'sid';

export type AuthUser = CurrentUser;

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    sessionId: string | null;
  }
  interface FastifyContextConfig {
    /**
     * Who may call the route (docs/decisions/014-route-access.md): every route declares one, and
     * the route inventory test fails for a route that does not. Access is decided on the matched
     * route, never on the URL text (an encoded or absolute request target matches the same route).
     * A route without it is closed: it needs a signed-in user.
     */
    access?: RouteAccess;
    /** Static files: public, and no session lookup (no database query per asset). */
    assets?: boolean;
  }
}

/**
 * The access rules a route can declare, from open to closed. The auth hook enforces the sign-in and
 * the role before the body is parsed; the owner rules are decided in the services through
 * lib/access.ts and answer 404 for someone else's rows.
 */
export const ROUTE_ACCESS = {
  /** Anyone, signed in or not (a signed-in caller's user is still loaded). */
  public: 'anyone',
  /** Any signed-in, approved user: agents and administrators. */
  'signed-in': 'any signed-in, approved user',
  /** A signed-in user on their own rows; administrators on every user's (lib/access.ts). */
  'owner-or-admin': "the owner, or an administrator on anyone's",
  /** A signed-in user on their own rows only, administrators included (lib/access.ts). */
  owner: 'the owner only',
  /** Administrators only: 403 for everyone else signed in. */
  admin: 'administrators only',
} as const;
export type RouteAccess = keyof typeof ROUTE_ACCESS;

const ADMIN_ONLY = 'You need admin privileges to do this';

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions;
    // No matched route: the not-found handler answers (it serves no data).
    if (!route.url) return;
    if (route.config?.assets) return;
    const token = request.cookies[SESSION_COOKIE];
    if (token) {
      const found = await findSession(app.db, token, app.sessionCache);
      if (found) {
        request.user = found.user;
        request.sessionId = found.sessionId;
      }
    }
    // Closed by default: a route answers anonymous callers only when it declares so.
    const access = route.config?.access;
    if (access === 'public') return;
    if (!request.user) throw new UnauthorizedError();
    if (access === 'admin' && request.user.role !== 'admin') throw new ForbiddenError(ADMIN_ONLY);
  });
  // Private answers are never stored by browsers or proxies: anything answered to a signed-in
  // caller, and every answer of a signed-in-only route (its 401 included).
  app.addHook('onSend', async (request, reply) => {
    const route = request.routeOptions;
    if (route.config?.assets) return;
    if (request.user || (route.url && route.config?.access !== 'public'))
      reply.header('cache-control', 'no-store');
  });
});

/** onRoute hook for a scope that serves static files: public, without a session lookup. */
export function markAssets(route: RouteOptions) {
  route.config = { ...(route.config ?? {}), access: 'public', assets: true };
}

/** The signed-in user, for handlers behind the auth hook. */
export function actor(request: FastifyRequest): AuthUser {
  if (!request.user) throw new UnauthorizedError();
  return request.user;
}
