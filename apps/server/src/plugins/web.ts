import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ADMIN_PAGES, ADMIN_TABS, ErrorCode } from '@villas/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { markAssets } from './auth';
import { loadServerRenderer, type SsrState, type WebApp } from './server-render';
import { webDistDir, webSsrDir } from '../paths';

/** Client-side routes. Anything else gets the SPA with status 404 (it renders the 404 page). */
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

/**
 * A public page the server renders as HTML (the browser then hydrates it): which of the web app's two
 * apps renders it, and the API answers it is rendered from, keyed by their URL (the web app's query
 * keys), read as the visitor would read them.
 */
export interface ServerPage {
  /** Its route (Fastify's path syntax). */
  path: string;
  app: WebApp;
  load(request: FastifyRequest): Promise<{
    queries: SsrState['queries'];
    /** The answer's status when not 200 (a white-label link that is not live: 404). */
    status?: number;
  }>;
}

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
  /**
   * The web app's server rendering (apps/web/dist-ssr); by default only beside the default dist. A
   * build without it, or a test's own dist, is sent as it is and renders in the browser.
   */
  ssrDir?: string;
  /** The public pages to render on the server, when the build can (modules/pages). */
  pages?: (app: FastifyInstance) => ServerPage[];
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
  const renderer = serve
    ? await loadServerRenderer(distDir, opts.ssrDir ?? (opts.distDir ? undefined : webSsrDir))
    : null;

  async function sendHtml(
    request: FastifyRequest,
    reply: FastifyReply,
    answer: { html: string; status: number },
  ) {
    const pathname = request.url.split('?')[0] ?? '/';
    let html = answer.html;
    for (const t of app.htmlTransforms) if (t.pattern.test(pathname)) html = await t.transform(request, html);
    return (
      reply
        .code(answer.status)
        // A page rendered for a signed-in user is theirs alone (the auth plugin adds no-store too).
        .header('cache-control', request.user ? 'private, no-store' : 'no-cache')
        .type('text/html; charset=utf-8')
        .send(html)
    );
  }

  /**
   * A server-rendered page, or the app as it is when its rendering fails (the browser then renders
   * it, as without server rendering): a failure here never costs the visitor the page.
   */
  async function sendPage(request: FastifyRequest, reply: FastifyReply, page: ServerPage) {
    let html: string;
    let status = 200;
    try {
      const data = await page.load(request);
      const origin = app.config.publicUrl ?? `${request.protocol}://${request.host}`;
      html = await renderer!.render(page.app, request.url, { queries: data.queries }, origin);
      status = data.status ?? 200;
    } catch (err) {
      request.log.error({ err }, 'server rendering failed: the page is sent for the browser to render');
      html = indexHtml;
    }
    return sendHtml(request, reply, { html, status });
  }

  // Page loads per client address per minute (PAGE_RATE_LIMIT_MAX), one count for every page.
  const pageLimit = app.rateLimit
    ? app.rateLimit({ max: app.config.pageRateLimitMax, timeWindow: 60_000 })
    : undefined;

  // Routes of their own, unlike the rest of the app (the not-found handler's): public, so the auth
  // plugin loads the visitor's session, and compressed like any answer (rendered pages are 10-50 kB).
  if (renderer) {
    for (const page of opts.pages?.(app) ?? []) {
      app.get(
        page.path,
        {
          config: { access: 'public' },
          preHandler: pageLimit,
        },
        (request, reply) => sendPage(request, reply, page),
      );
    }
  }

  app.setNotFoundHandler({ preHandler: pageLimit }, async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (serve && request.method === 'GET' && !pathname.startsWith('/api/')) {
      const status = SPA_ROUTES.some((r) => r.test(pathname)) ? 200 : 404;
      return sendHtml(request, reply, { html: indexHtml, status });
    }
    return reply.code(404).send({
      code: ErrorCode.NOT_FOUND,
      message: `No route ${request.method} ${pathname}`,
      requestId: request.id,
    });
  });
});
