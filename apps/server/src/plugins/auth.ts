import { createHash, randomBytes } from 'node:crypto';
import type { CurrentUser } from '@villas/shared';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { ForbiddenError, UnauthorizedError } from '../lib/errors';

export const SESSION_COOKIE = 'sid';

export type AuthUser = CurrentUser;

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    sessionId: string | null;
  }
  interface FastifyContextConfig {
    /**
     * The route answers anonymous callers. Access is decided on the matched route, never on the URL
     * text (an encoded or absolute request target matches the same route): every route without this
     * flag needs a signed-in user.
     */
    public?: boolean;
    /** Static files: public, and no session lookup (no database query per asset). */
    assets?: boolean;
  }
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');

export function toCurrentUser(u: typeof users.$inferSelect): AuthUser {
  return {
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    name: `${u.firstName} ${u.lastName}`.trim(),
    email: u.email,
    company: u.company,
    role: u.role,
    approved: u.approved,
  };
}

/** Loads the signed-in user from the session cookie. Sessions of unapproved users do not count. */
async function loadUser(db: Db, token: string): Promise<{ user: AuthUser; sessionId: string } | null> {
  const id = hashToken(token);
  const [row] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date())))
    .limit(1);
  if (!row || !row.user.approved) return null;
  return { user: toCurrentUser(row.user), sessionId: id };
}

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
      const found = await loadUser(app.db, token);
      if (found) {
        request.user = found.user;
        request.sessionId = found.sessionId;
      }
    }
    // Closed by default: a route answers anonymous callers only when it declares so.
    if (!route.config?.public && !request.user) throw new UnauthorizedError();
  });
  // Private answers are never stored by browsers or proxies: anything answered to a signed-in
  // caller, and every answer of a signed-in-only route (its 401 included).
  app.addHook('onSend', async (request, reply) => {
    const route = request.routeOptions;
    if (route.config?.assets) return;
    if (request.user || (route.url && !route.config?.public)) reply.header('cache-control', 'no-store');
  });
});

/** onRoute hook for a scope that serves static files: public, without a session lookup. */
export function markAssets(route: RouteOptions) {
  route.config = { ...(route.config ?? {}), public: true, assets: true };
}

/** preHandler: only these roles may call the route (403 for others). */
export function requireRole(...roles: Array<AuthUser['role']>) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    if (!request.user) throw new UnauthorizedError();
    if (!roles.includes(request.user.role)) {
      throw new ForbiddenError('You need admin privileges to do this');
    }
  };
}

/** The signed-in user, for handlers behind the auth hook. */
export function actor(request: FastifyRequest): AuthUser {
  if (!request.user) throw new UnauthorizedError();
  return request.user;
}
