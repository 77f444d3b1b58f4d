import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import formBody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import {
  ADMIN_PAGES,
  ADMIN_TABS,
  ErrorCode,
  formSentUrl,
  postedFormKey,
  type PostedForm,
} from '@villas/shared';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
  onRequestAsyncHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { TooManyRequestsError, ValidationError } from '../lib/errors';
import { validatorCompiler } from '../lib/request-validator';
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
  /** Its form, posted by the browser to the page itself when JavaScript is off (`POST <path>`). */
  form?: PageForm;
}

/**
 * A server-rendered page's form as the browser posts it without JavaScript
 * (`application/x-www-form-urlencoded`): the same fields, schema, limit and service as the JSON
 * route the app sends it to. A post that is stored is answered 303 back to the page
 * (`?sent=<name>#<name>`); one that is refused, 400 with the page rendered again with what was
 * typed and each field's error.
 */
export interface PageForm {
  /** The form's name: its section's anchor, its `?sent=`, and its key in the page's state. */
  name: string;
  /** The fields the form posts; anything else in the body is left out. */
  fields: readonly string[];
  /** The JSON route's body schema for these fields, checked as a route's body is. */
  schema: z.ZodType;
  /** The JSON route's limit (`app.formLimit`): one count however the form is sent. */
  limit: onRequestAsyncHookHandler;
  /** Stores a post the schema accepted (the JSON route's service); a ValidationError refuses it. */
  submit(request: FastifyRequest, input: unknown): Promise<void>;
}

/**
 * The largest form post: the contact form's 5,000-character message is 45 kB of urlencoded text at
 * worst (three bytes of UTF-8 per character, each written %XX), the other fields a few hundred
 * bytes. A larger body is refused 413 before it is read further.
 */
const FORM_BODY_LIMIT = 64 * 1024;

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
  async function sendPage(
    request: FastifyRequest,
    reply: FastifyReply,
    page: ServerPage,
    /** A refused form post, rendered into the page (answered 400, or 429 over the limit). */
    posted?: { form: string; state: PostedForm; status: 400 | 429 },
  ) {
    let html: string;
    let status = posted?.status ?? 200;
    try {
      const data = await page.load(request);
      const origin = app.config.publicUrl ?? `${request.protocol}://${request.host}`;
      const queries = posted ? { ...data.queries, [postedFormKey(posted.form)]: posted.state } : data.queries;
      html = await renderer!.render(page.app, request.url, { queries }, origin);
      status = posted?.status ?? data.status ?? 200;
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
      if (page.form) await registerFormPost(page, page.form);
    }
  }

  /**
   * `POST <page>`: the page's form sent by the browser itself. The Origin check of every change
   * (plugins/security.ts) applies as to the JSON route; the body is parsed in this route's own
   * context only, so no other route accepts a urlencoded body. Nothing of what was typed is logged
   * or put in a URL: it is in the body, and comes back in the page's HTML only.
   */
  async function registerFormPost(page: ServerPage, form: PageForm) {
    const validate = (validatorCompiler as FastifySchemaCompiler<z.ZodType>)({
      schema: form.schema,
      method: 'POST',
      url: page.path,
      httpPart: 'body',
    });
    // A post over the limit is not stored; it is answered with the page, what was typed kept and
    // the limit's message (429, Retry-After), once its body has been read.
    const overLimit = new WeakMap<FastifyRequest, TooManyRequestsError>();
    await app.register(async (posts) => {
      await posts.register(formBody, { bodyLimit: FORM_BODY_LIMIT });
      posts.post(
        page.path,
        {
          config: { access: 'public' },
          onRequest: async function (request, reply) {
            try {
              await form.limit.call(this, request, reply);
            } catch (err) {
              if (!(err instanceof TooManyRequestsError)) throw err;
              overLimit.set(request, err);
            }
          },
          bodyLimit: FORM_BODY_LIMIT,
        },
        async (request, reply) => {
          // A body of another type (text/plain reads as a string) has none of the fields.
          const body = typeof request.body === 'object' && request.body ? request.body : {};
          const fields: Record<string, unknown> = {};
          for (const name of form.fields) if (Object.hasOwn(body, name)) fields[name] = body[name as never];
          const typed: Record<string, string> = {};
          for (const [name, value] of Object.entries(fields))
            if (typeof value === 'string') typed[name] = value;

          const refuse = (
            issues: ReadonlyArray<{ path: string; message: string }>,
            status: 400 | 429 = 400,
          ) => {
            const errors: Record<string, string> = {};
            // The first error of each field, as the form shows one under each.
            for (const issue of issues) errors[issue.path] ??= issue.message;
            return sendPage(request, reply, page, {
              form: form.name,
              state: { values: typed, errors },
              status,
            });
          };
          const limited = overLimit.get(request);
          if (limited) {
            reply.header('retry-after', String(limited.retryAfterSeconds));
            return refuse([{ path: '', message: limited.message }], 429);
          }
          const checked = validate(fields) as {
            value?: unknown;
            error?: Array<{ instancePath: string; message?: string }>;
          };
          if (checked.error) {
            return refuse(
              checked.error.map((e) => ({
                path: e.instancePath.split('/')[1] ?? '',
                message: e.message ?? 'Invalid value',
              })),
            );
          }
          try {
            await form.submit(request, checked.value);
          } catch (err) {
            if (!(err instanceof ValidationError)) throw err;
            return refuse(
              (err.issues ?? [{ path: [], message: err.message }]).map((i) => ({
                path: String(i.path[0] ?? ''),
                message: i.message,
              })),
            );
          }
          const pathname = request.url.split('?')[0] ?? '/';
          return reply.redirect(formSentUrl(pathname, form.name), 303);
        },
      );
    });
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
