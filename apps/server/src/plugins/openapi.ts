import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config/env';

/** OpenAPI generated from the same zod schemas that validate requests, served at /api/docs. */
export const openApiPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  if (opts.config.apiDocs === 'off') return;
  await app.register(swagger, {
    openapi: {
      info: { title: `${opts.config.company.brandName} API`, version: '1.0.0' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } } },
    },
    transform: jsonSchemaTransform,
  });
  // The docs list every route: administrators only unless API_DOCS=public opens them.
  const access = opts.config.apiDocs === 'public' ? 'public' : 'admin';
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/docs')) route.config = { ...(route.config ?? {}), access };
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    uiConfig: { docExpansion: 'list', deepLinking: false },
  });
});
