import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@villas/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { markAssets } from './auth';
import { webDistDir } from '../paths';

/** Client-side routes of seed 000 §2. Anything else gets the SPA with status 404 (it renders the 404 page). */
const SPA_ROUTES = [
  /^\/$/,
  /^\/about\/?$/,
  /^\/company-info\/?$/,
  /^\/login\/?$/,
  /^\/register\/?$/,
  /^\/dashboard\/?$/,
  /^\/user-dashboard\/?$/,
  /^\/admin(\/(properties|users|white-label|destinations|notifications|api-connections|sync-monitoring))?\/?$/,
  /^\/white-label\/[^/]+\/?$/,
];

export type HtmlTransform = (request: FastifyRequest, html: string) => Promise<string> | string;

declare module 'fastify' {
  interface FastifyInstance {
    /** Lets a module rewrite the SPA's HTML for its routes (e.g. Open Graph tags on shared links). */
    htmlTransforms: Array<{ pattern: RegExp; transform: HtmlTransform }>;
  }
}

export const webPlugin = fp(async (app: FastifyInstance, opts: { serveWeb: boolean }) => {
  app.decorate('htmlTransforms', []);
  const indexFile = path.join(webDistDir, 'index.html');
  const serve = opts.serveWeb && existsSync(indexFile);
  if (serve) {
    await app.register(async (files) => {
      files.addHook('onRoute', markAssets);
      await files.register(fastifyStatic, {
        root: webDistDir,
        wildcard: false,
        index: false,
        maxAge: '1y',
        immutable: true,
        setHeaders: (res, file) => {
          if (!file.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'no-cache');
        },
      });
    });
  }
  const indexHtml = serve ? readFileSync(indexFile, 'utf8') : '';

  async function sendSpa(request: FastifyRequest, reply: FastifyReply, status: number) {
    const pathname = request.url.split('?')[0] ?? '/';
    let html = indexHtml;
    for (const t of app.htmlTransforms) if (t.pattern.test(pathname)) html = await t.transform(request, html);
    return reply.code(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  }

  app.setNotFoundHandler(
    { preHandler: app.rateLimit ? app.rateLimit({ max: 300, timeWindow: 60_000 }) : undefined },
    async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (serve && request.method === 'GET' && !pathname.startsWith('/api/')) {
        return sendSpa(request, reply, SPA_ROUTES.some((r) => r.test(pathname)) ? 200 : 404);
      }
      return reply.code(404).send({
        code: ErrorCode.NOT_FOUND,
        message: `No route ${request.method} ${pathname}`,
        requestId: request.id,
      });
    },
  );
});
