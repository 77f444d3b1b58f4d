import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Server rendering of the web app's public pages: the module `vite build --ssr` writes
 * (apps/web/src/entry-server.tsx), the build manifest that names each route module's chunks, and the
 * assembly of a page's HTML from the built template.
 */

/** What the web app's entry-server renders (its `RenderedPage`). */
export interface RenderedPage {
  head: string;
  body: string;
  /** Source paths of the route modules rendered (keys of the build manifest). */
  modules: string[];
  /** The API answers the page was rendered from, in a JSON script element for the browser. */
  state: string;
}

export interface SsrState {
  queries: Record<string, unknown>;
}

/** The two apps of the build: the router's (index.html) and the client's white-label page (collection.html). */
export type WebApp = 'main' | 'collection';

interface SsrModule {
  renderApp(url: string, state: SsrState): Promise<RenderedPage>;
  renderCollection(url: string, state: SsrState): Promise<RenderedPage>;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

const TEMPLATES: Record<WebApp, string> = { main: 'index.html', collection: 'collection.html' };

export interface ServerRenderer {
  /** `origin`: the site's public address, for the absolute URLs of link previews. */
  render(app: WebApp, url: string, state: SsrState, origin: string): Promise<string>;
}

/**
 * The renderer of a build, or null when the build has no server rendering (a build from before it,
 * a test's hand-made dist folder): the app is then sent as it is and renders in the browser.
 */
export async function loadServerRenderer(
  distDir: string,
  ssrDir: string | undefined,
): Promise<ServerRenderer | null> {
  const entry = ssrDir && path.join(ssrDir, 'entry-server.js');
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (!entry || !existsSync(entry) || !existsSync(manifestFile)) return null;
  const templates = {} as Record<WebApp, string>;
  for (const [app, file] of Object.entries(TEMPLATES) as Array<[WebApp, string]>) {
    const full = path.join(distDir, file);
    if (!existsSync(full)) return null;
    templates[app] = readFileSync(full, 'utf8');
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const ssr = (await import(pathToFileURL(entry).href)) as SsrModule;
  const styles = new Map<string, string | undefined>();
  const readStyle = (file: string) => {
    if (!styles.has(file)) {
      const full = path.join(distDir, file);
      styles.set(file, existsSync(full) ? readFileSync(full, 'utf8') : undefined);
    }
    return styles.get(file);
  };

  return {
    async render(app, url, state, origin) {
      const page = await (app === 'collection'
        ? ssr.renderCollection(url, state)
        : ssr.renderApp(url, state));
      const head = absolutePreview(page.head, origin, url);
      const links = preloads(manifest, page.modules, templates[app]);
      return inlineStyles(assemble(templates[app], { ...page, head }, links), readStyle);
    },
  };
}

/**
 * `<link>`s for the chunks and styles of the route modules a page renders, and of everything they
 * import, except what the template links already: the browser fetches them with the entry instead
 * of discovering them one import after another.
 */
export function preloads(
  manifest: Record<string, ManifestChunk>,
  modules: string[],
  template: string,
): string {
  const files = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const next of chunk.imports ?? []) visit(next);
  };
  modules.forEach(visit);
  const linked = (file: string) => template.includes(`/${file}"`);
  return [
    ...[...styles].filter((f) => !linked(f)).map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
    ...[...files].filter((f) => !linked(f)).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
  ].join('');
}

const TITLE = /<title>[\s\S]*?<\/title>/i;
const DESCRIPTION = /<meta\s+name="description"[^>]*>/i;
const STYLESHEETS = /<link rel="stylesheet"[^>]*>\s*/g;

/**
 * A link preview needs absolute URLs (Open Graph): the page's own address as og:url, and its image's.
 * The web app writes the preview tags it knows (title, description, image path); the address is the
 * server's to know (PUBLIC_URL, or the request's host).
 */
export function absolutePreview(head: string, origin: string, url: string): string {
  if (!head.includes('property="og:title"')) return head;
  const path = url.split('?')[0] ?? '/';
  const absolute = (p: string) => new URL(p, `${origin}/`).toString();
  return (
    head.replace(/(<meta property="og:image" content=")([^"]*)"/, (_, open: string, p: string) => {
      // The path came escaped from React; URL() keeps '&amp;' as it is, which stays valid HTML.
      return `${open}${absolute(p)}"`;
    }) + `<meta property="og:url" content="${absolute(path).replace(/"/g, '&quot;')}"/>`
  );
}

const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g;

/**
 * The page's stylesheets written into it: a server-rendered page paints with its HTML alone, without
 * a round trip for its styles first. Measured with Lighthouse mobile (simulated slow 4G) on the
 * client's page: the linked stylesheet (80 kB, 12 kB brotli) was its one render-blocking request,
 * estimated at 1,050 ms of its first paint. Each `<style>` keeps its file's address in `data-href`:
 * the app's scripts look for a stylesheet link of that address before they add one for a chunk that
 * needs it (Vite's preload helper), and would fetch it again without it, so `after-load.js` adds a
 * disabled link of that address before it starts them. The link is not written into the HTML:
 * Chromium (150) fetches a disabled stylesheet link the parser meets, though not one a script adds.
 * A file the build did not write (or CSS that would close the element early) stays linked.
 */
export function inlineStyles(html: string, read: (file: string) => string | undefined): string {
  return html.replace(STYLESHEET_LINK, (link, file: string) => {
    const css = read(file);
    if (css == null || /<\/style/i.test(css)) return link;
    return `<style data-href="/${file}">${css}</style>`;
  });
}

const MODULE_SCRIPT = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\s*/g;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>\s*/g;

/**
 * A server-rendered page paints without its scripts: they hydrate it afterwards. So they are not
 * fetched before the page has loaded: its module scripts and preloads leave the HTML, and one small
 * deferred script (apps/web/public/after-load.js) fetches them on the window's `load`. Until then a
 * slow connection carries only what the first paint and the largest image need (the stylesheet, the
 * fonts, the hero photograph). Measured with Lighthouse mobile (simulated slow 4G): with the scripts
 * at low priority the landing's largest paint came at 3.6 s (score 90) and the client's page's at
 * 3.6 s (89); without them in the page, 2.15 s (99) and 2.49 s (96).
 */
function scriptsAfterLoad(html: string): string {
  const modules: string[] = [];
  const preloaded: string[] = [];
  const page = html
    .replace(MODULE_SCRIPT, (_, src: string) => {
      modules.push(src);
      return '';
    })
    .replace(MODULE_PRELOAD, (_, href: string) => {
      preloaded.push(href);
      return '';
    });
  if (!modules.length) return html;
  // First, and waited for: tap-replay.js keeps a tap made before the page hydrates (a few hundred
  // bytes, so the page paints a round trip later on a first visit, never with a dead button).
  const loader =
    `<script src="/tap-replay.js"></script>` +
    `<script defer src="/after-load.js" data-modules="${modules.join(' ')}"` +
    ` data-preloads="${preloaded.join(' ')}"></script>`;
  return page.replace(/<\/head>/i, () => `${loader}</head>`);
}

/**
 * The page's HTML: the template with the page's title in place of its own, the elements React
 * hoisted (meta tags, the hero image's preload) and the route modules' styles where the title was,
 * the scripts fetched after the page has loaded, the markup in the root element and the API
 * answers beside it.
 */
export function assemble(template: string, page: RenderedPage, links: string): string {
  const title = TITLE.exec(page.head)?.[0];
  const head = (title ? page.head.replace(title, '') : page.head) + links;
  // The page's own description replaces the template's.
  let base = DESCRIPTION.test(page.head) ? template.replace(DESCRIPTION, '') : template;
  // The stylesheet first: the page cannot paint without it, and the build writes it last in the head,
  // behind the scripts' and fonts' links.
  const styles = base.match(STYLESHEETS) ?? [];
  if (styles.length) {
    base = base.replace(STYLESHEETS, '');
    base = base.replace(/<link rel="preload"|<title>/i, (first) => `${styles.join('')}${first}`);
  }
  const html = TITLE.test(base)
    ? base.replace(TITLE, (own) => `${title ?? own}${head}`)
    : base.replace(/<\/head>/i, () => `${title ?? ''}${head}</head>`);
  // The markup and the state cannot hold a raw '<script' or '<link' (React and the state escape '<').
  return scriptsAfterLoad(html).replace(
    '<div id="root"></div>',
    () => `<div id="root">${page.body}</div>${page.state}`,
  );
}
