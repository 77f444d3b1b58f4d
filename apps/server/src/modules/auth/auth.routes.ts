import {
  currentUserSchema,
  loginResultSchema,
  loginSchema,
  okSchema,
  registerSchema,
  sessionStatusSchema,
  userSchema,
} from '@villas/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SESSION_COOKIE, actor } from '../../plugins/auth';
import { formRateLimit } from '../../plugins/security';
import { login, logout, register } from './auth.service';
import { DEVICE_COOKIE, DeviceTokens } from './device-tokens';
import { LoginLimiter } from './login-limits';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // Secure whenever the request came over TLS (X-Forwarded-Proto counts with TRUST_PROXY), or the
  // public address is https.
  const secureFor = (protocol: string) =>
    protocol === 'https' || (app.config.publicUrl?.startsWith('https:') ?? false);
  const publicForm = { access: 'public' as const, ...formRateLimit(app.config) };
  // Login is limited by failed attempts per account and per address, in the database (shared by
  // every instance), instead of by requests per address in memory.
  const limits = new LoginLimiter(app.db, app.config.login);
  limits.start((err) => app.log.warn({ err }, 'could not delete expired login limit counters'));
  app.addHook('onClose', async () => limits.stop());
  // A browser that signed in to an account is known to it: its later sign-ins skip the account's lock.
  const devices = new DeviceTokens(app.config.sessionSecret, app.config.previousSecrets);

  app.post(
    '/api/auth/register',
    { config: publicForm, schema: { tags: ['auth'], body: registerSchema, response: { 201: userSchema } } },
    async (request, reply) => reply.code(201).send(await register(app.db, app.mailer, request.body)),
  );

  app.post(
    '/api/auth/login',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: loginSchema, response: { 200: loginResultSchema } },
    },
    async (request, reply) => {
      const result = await login(app.db, limits, devices, request.body, {
        previousSessionId: request.sessionId,
        userAgent: request.headers['user-agent'],
        ip: request.ip,
        deviceToken: request.cookies[DEVICE_COOKIE],
      });
      // The session it replaces ended: every instance forgets it when the database announces it,
      // this one before it answers.
      if (request.sessionId) app.sessionCache.forgetSession(request.sessionId);
      reply.setCookie(SESSION_COOKIE, result.token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: secureFor(request.protocol),
        expires: result.expiresAt,
      });
      // Sent only to the sign-in routes, never to script, never from another site; kept after sign-out.
      reply.setCookie(DEVICE_COOKIE, result.device.token, {
        path: '/api/auth',
        httpOnly: true,
        sameSite: 'strict',
        secure: secureFor(request.protocol),
        maxAge: result.device.maxAgeSeconds,
      });
      return { ...result.user, firstSignIn: result.firstSignIn };
    },
  );

  app.post(
    '/api/auth/logout',
    { config: { access: 'public' }, schema: { tags: ['auth'], response: { 200: okSchema } } },
    async (request, reply) => {
      await logout(app.db, request.sessionId);
      // Every instance forgets it when the database announces it; this one before it answers.
      if (request.sessionId) app.sessionCache.forgetSession(request.sessionId);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { ok: true as const };
    },
  );

  app.get(
    '/api/auth/user',
    { config: { access: 'signed-in' }, schema: { tags: ['auth'], response: { 200: currentUserSchema } } },
    async (request) => actor(request),
  );

  app.get(
    '/api/debug/session',
    { config: { access: 'public' }, schema: { tags: ['auth'], response: { 200: sessionStatusSchema } } },
    async (request) => ({ authenticated: request.user != null }),
  );
};
