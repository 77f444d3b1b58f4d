import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { propertyImages, whiteLabelViews } from '@villas/db/schema';
import { assemble, inlineStyles, preloads } from '../src/plugins/server-render';
import { createProperty, signedIn } from './factories';
import { useTestContext } from './helpers';

/**
 * The server half of rendering the public pages, against a build of this test's own
 * making: the two templates, a build manifest, and a server-rendering module that renders what the
 * server hands it (the page's URL and the API answers, by URL) so the test can read both back. The
 * web half (the real entry-server and hydration) is tested in apps/web/src/entry-server.test.tsx.
 */
const dist = mkdtempSync(path.join(tmpdir(), 'villas-ssr-dist-'));
const ssr = mkdtempSync(path.join(tmpdir(), 'villas-ssr-module-'));
const template = (entry: string) =>
  `<!doctype html><html><head><meta charset="UTF-8" /><title>Luxury Villas</title><meta name="description" content="Villas." /><script type="module" crossorigin src="/assets/${entry}.js"></script><link rel="modulepreload" crossorigin href="/assets/react-1.js"><link rel="stylesheet" crossorigin href="/assets/main-1.css"></head><body><div id="root"></div></body></html>`;
mkdirSync(path.join(dist, '.vite'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'assets', 'main-1.css'), 'body{font:1rem/1.5 Inter,sans-serif}');
writeFileSync(path.join(dist, 'index.html'), template('main-1'));
writeFileSync(path.join(dist, 'collection.html'), template('collection-1'));
writeFileSync(
  path.join(dist, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/main-1.js', imports: ['_react-1.js'] },
    '_react-1.js': { file: 'assets/react-1.js' },
    'src/app/routes/landing.tsx': {
      file: 'assets/landing-1.js',
      imports: ['_form-1.js', '_react-1.js'],
      css: ['assets/landing-1.css'],
    },
    '_form-1.js': { file: 'assets/form-1.js' },
  }),
);
// Renders the page's inputs as text; a URL containing 'explode' fails like a broken component would.
writeFileSync(
  path.join(ssr, 'entry-server.js'),
  `const page = (app, url, state) => {
     if (url.includes('explode')) throw new Error('render failed');
     const modules = url === '/' ? ['src/app/routes/landing.tsx'] : [];
     return {
       head: '<title>Page ' + app + ' &amp; co</title><meta name="robots" content="noindex"/>' +
         (app === 'main' ? '<meta property="og:title" content="Page main"/><meta property="og:image" content="/uploads/hero.webp"/><meta name="description" content="The page itself."/>' : ''),
       body: '<main data-url="' + url + '">' + JSON.stringify(state.queries).replace(/</g, '\\\\u003c') + '</main>',
       modules,
       state: '<script type="application/json" id="ssr-state">' + JSON.stringify(state).replace(/</g, '\\\\u003c') + '</script>',
     };
   };
   export const renderApp = async (url, state) => page('main', url, state);
   export const renderCollection = async (url, state) => page('collection', url, state);`,
);

const ctx = useTestContext({ PUBLIC_URL: 'https://villas.example.com' });
let web: App;
beforeAll(async () => {
  web = await buildApp({
    config: ctx.config,
    database: ctx.database,
    serveWeb: true,
    webDistDir: dist,
    webSsrDir: ssr,
  });
  await web.ready();
});
afterAll(async () => {
  await web?.close();
  rmSync(dist, { recursive: true, force: true });
  rmSync(ssr, { recursive: true, force: true });
});

/** The API answers the page was rendered from (what the fake module wrote into <main>). */
function queriesOf(html: string): Record<string, unknown> {
  const text = /<main data-url="[^"]*">([\s\S]*?)<\/main>/.exec(html)?.[1];
  return JSON.parse((text ?? 'null').replace(/\\u003c/g, '<')) as Record<string, unknown>;
}

async function makeLink(agentCookie: string, agentId: number) {
  const villa = await createProperty(ctx.db, { name: 'Villa Aurora' });
  await ctx.db
    .insert(propertyImages)
    .values({ propertyId: villa.id, url: '/uploads/aurora.webp', sortOrder: 0 });
  const res = await web.inject({
    method: 'POST',
    url: '/api/white-label',
    headers: { cookie: agentCookie, origin: 'https://villas.example.com' },
    payload: { agentId, title: 'Azure - Sophie Laurent', propertyIds: [villa.id] },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; uuid: string };
}

describe('server-rendered public pages', () => {
  it('renders the landing page from the API answers its first screen reads, as a visitor gets them', async () => {
    await createProperty(ctx.db, { name: 'Villa Featured', featured: true });
    const res = await web.inject({ url: '/?inquiry=agent' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const queries = queriesOf(res.body);
    expect(Object.keys(queries).sort()).toEqual([
      '/api/auth/user',
      '/api/company',
      '/api/properties/featured',
    ]);
    // The same answers the API gives (through the routes' response schemas).
    expect(queries['/api/company']).toEqual((await web.inject({ url: '/api/company' })).json());
    expect(queries['/api/properties/featured']).toEqual(
      (await web.inject({ url: '/api/properties/featured' })).json(),
    );
    expect(queries['/api/auth/user']).toBeNull();
    // The URL with its query reaches the renderer (the landing page reads ?inquiry=).
    expect(res.body).toContain('<main data-url="/?inquiry=agent">');
  });

  it("gives a signed-in user's pages their user and keeps them out of shared caches", async () => {
    const { user, cookie } = await signedIn(web, ctx.db, 'agent', { firstName: 'Sophie' });
    for (const url of ['/about', '/company-info']) {
      const res = await web.inject({ url, headers: { cookie } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toMatch(/no-store/);
      expect(queriesOf(res.body)['/api/auth/user'], url).toEqual(
        (await web.inject({ url: '/api/auth/user', headers: { cookie } })).json(),
      );
      expect((queriesOf(res.body)['/api/auth/user'] as { id: number }).id).toBe(user.id);
    }
  });

  it('assembles the page: its title in place of the template’s, head elements, preloads, markup and state', async () => {
    const res = await web.inject({ url: '/' });
    const html = res.body;
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Page main &amp; co</title><meta name="robots" content="noindex"/>');
    // The page paints without its scripts, and they are not even fetched before it has loaded: no
    // module script or preload in the HTML, but the loader with the entry and every chunk to preload
    // (the route module's, what it imports, and what the template preloaded), each once.
    expect(html).not.toMatch(/<script type="module"|rel="modulepreload"/);
    const loader =
      /<script defer src="\/after-load\.js" data-modules="([^"]*)" data-preloads="([^"]*)"><\/script><\/head>/.exec(
        html,
      );
    expect(loader, 'the loader, last in the head').not.toBeNull();
    // The tap keeper before it, and before the body: a tap on the page is kept from its first paint.
    expect(html).toContain('<script src="/tap-replay.js"></script><script defer src="/after-load.js"');
    expect(html.indexOf('/tap-replay.js')).toBeLessThan(html.indexOf('<body'));
    expect(loader![1]).toBe('/assets/main-1.js');
    const preloaded = loader![2]!.split(' ');
    expect(preloaded).toEqual(
      expect.arrayContaining(['/assets/landing-1.js', '/assets/form-1.js', '/assets/react-1.js']),
    );
    expect(new Set(preloaded).size).toBe(preloaded.length);
    // The route module's styles are in the page: it paints with them (linked: this build has no such
    // file to write in).
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/landing-1.css">');
    expect(html.match(/\/assets\/react-1\.js/g)).toHaveLength(1);
    expect(html).toMatch(
      /<div id="root"><main [^>]*>[\s\S]*<\/main><\/div><script type="application\/json" id="ssr-state">/,
    );
    expect(html.indexOf('<title>')).toBeLessThan(html.indexOf('</head>'));
    // The template's stylesheet is written into the page, ahead of everything the first paint does
    // not wait for: the page paints without a request for it.
    expect(html.match(/<style[ >]/g)).toHaveLength(1);
    expect(html, 'no stylesheet link of it: Chromium would fetch it, disabled or not').not.toMatch(
      /<link[^>]*main-1\.css/,
    );
    const style = html.indexOf(
      '<style data-href="/assets/main-1.css">body{font:1rem/1.5 Inter,sans-serif}</style>',
    );
    expect(style).toBeGreaterThan(0);
    expect(style).toBeLessThan(html.indexOf('<title>'));
  });

  it("gives the app's pages absolute link-preview URLs and their own description", async () => {
    const html = (await web.inject({ url: '/about?utm=x' })).body;
    expect(html).toContain(
      '<meta property="og:image" content="https://villas.example.com/uploads/hero.webp"/>',
    );
    expect(html).toContain('<meta property="og:url" content="https://villas.example.com/about"/>');
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).toContain('<meta name="description" content="The page itself."/>');
  });

  it('compresses the rendered HTML like any answer', async () => {
    const res = await web.inject({ url: '/about', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toContain('<main data-url="/about">');
  });

  it("renders a live link's page from its public answer without counting a view, with its preview tags", async () => {
    const agent = await signedIn(web, ctx.db, 'agent');
    const link = await makeLink(agent.cookie, agent.user.id);
    const res = await web.inject({
      url: `/white-label/${link.uuid}`,
      headers: { 'user-agent': 'WhatsApp/2.0' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Azure - Sophie Laurent</title>');
    expect(res.body).toContain(
      '<meta property="og:image" content="https://villas.example.com/uploads/aurora.webp" />',
    );
    const answer = queriesOf(res.body)[`/api/white-label/${link.uuid}`];
    expect(answer).toEqual((await web.inject({ url: `/api/white-label/${link.uuid}` })).json());
    // Only the API read above counted: the rendering itself is no view.
    const views = await ctx.db.select().from(whiteLabelViews).where(eq(whiteLabelViews.linkId, link.id));
    expect(views).toHaveLength(1);
  });

  it("answers 404 with 'Link Not Found' (rendered from null) for a link that is not live", async () => {
    for (const uuid of ['9d2b9c4e-1f0a-4c51-9a9e-7b7f1d7e2c11', 'not-a-uuid']) {
      const res = await web.inject({ url: `/white-label/${uuid}` });
      expect(res.statusCode, uuid).toBe(404);
      expect(queriesOf(res.body), uuid).toEqual({ [`/api/white-label/${uuid}`]: null });
    }
  });

  it('sends the app for the browser to render when rendering fails, never an error page', async () => {
    const res = await web.inject({ url: '/white-label/explode' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('ssr-state');
  });

  it('leaves every other route to the app in the browser, unknown paths 404', async () => {
    for (const [url, status] of [
      ['/dashboard', 200],
      ['/login', 200],
      ['/about/', 200],
      ['/no-such-page', 404],
    ] as const) {
      const res = await web.inject({ url });
      expect(res.statusCode, url).toBe(status);
      expect(res.body, url).toContain('<div id="root"></div>');
    }
  });
});

describe('assembling a page', () => {
  const page = { head: '', body: '<p>x</p>', modules: [], state: '<script id="s"></script>' };
  it('keeps the template’s title when the page has none, and links nothing twice', () => {
    const html = assemble(
      '<html><head><title>T</title></head><body><div id="root"></div></body></html>',
      page,
      '',
    );
    expect(html).toBe(
      '<html><head><title>T</title></head><body><div id="root"><p>x</p></div><script id="s"></script></body></html>',
    );
    expect(preloads({ a: { file: 'assets/a.js', imports: ['a'] } }, ['a', 'a'], '')).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/a.js">',
    );
  });

  it('writes a stylesheet into the page only when it has it and the CSS cannot close the element', () => {
    const link = (f: string) => `<link rel="stylesheet" crossorigin href="/assets/${f}">`;
    const files: Record<string, string> = {
      'assets/a.css': 'a{b:c}',
      'assets/x.css': 'p{content:"</style>"}',
    };
    expect(inlineStyles(`${link('a.css')}${link('gone.css')}${link('x.css')}`, (f) => files[f])).toBe(
      `<style data-href="/assets/a.css">a{b:c}</style>${link('gone.css')}${link('x.css')}`,
    );
  });
});
