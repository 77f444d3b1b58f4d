import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ADMIN_PAGES, ADMIN_TABS, ErrorCode } from '@villas/shared';
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
  // The admin tabs and pages come from the shared list the web app routes by.
  new RegExp(`^/admin(/(${[...ADMIN_TABS, ...ADMIN_PAGES].join('|')}))?/?$`),
  /^\/white-label\/[^/]+\/?$/,
];

export type HtmlTransform = (request: FastifyRequest, html: string) => Promise<string> | string;

declare module 'fastify' {
  interface FastifyInstance {
    /** Lets a module rewrite the SPA's HTML for its routes (e.g. Open Graph tags on shared links). */
    htmlTransforms: Array<{ pattern: RegExp; transform: HtmlTransform }>;
  }
}

export interface WebOptions {
  serveWeb: boolean;
  /** The built web app; apps/web/dist unless a test points elsewhere. */
  distDir?: string;
}

export const webPlugin = fp(async (app: FastifyInstance, opts: WebOptions) => {
  app.decorate('htmlTransforms', []);
  const distDir = opts.distDir ?? webDistDir;
  const indexFile = path.join(distDir, 'index.html');
  const serve = opts.serveWeb && existsSync(indexFile);
  if (serve) {
    await app.register(async (files) => {
      files.addHook('onRoute', markAssets);
      await files.register(fastifyStatic, {
        root: distDir,
        wildcard: false,
        index: false,
        // The build writes file.br and file.gz beside each text file (apps/web/vite.config.ts): sent as
        // they are, by the request's Accept-Encoding, with Vary: Accept-Encoding. They get no URL of
        // their own. Files without them (images, fonts, source maps) are sent as they are, or
        // compressed on the way out by the compression plugin when their type is text.
        preCompressed: true,
        globIgnore: ['**/*.br', '**/*.gz'],
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
