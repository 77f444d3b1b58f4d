import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { CollectionApp, collectionUrl, collectionUuid } from './app/collection-app';
import type { PublicWhiteLabel } from '@villas/shared';
import { routeModules, routes } from './app/router';
import { seedQueries, serializeSsrState, SSR_STATE_ID, type SsrState } from './app/ssr-state';
import { Toaster } from './components/ui/toaster';
import { createQueryClient } from './lib/query-client';

/**
 * Server rendering (built with `vite build --ssr` into dist-ssr/, loaded by the server's web plugin):
 * the public pages as HTML, rendered from the API answers the server passes in (`SsrState`), with the
 * same components the browser hydrates (main.tsx, collection.tsx).
 */

export interface RenderedPage {
  /** Elements for the document's head: the page's <title>, meta tags and preloads React hoisted. */
  head: string;
  /** The markup inside <div id="root">. */
  body: string;
  /** Source paths of the route modules the page renders: their chunks are preloaded. */
  modules: string[];
  /** The API answers the page was rendered from, for the browser (readSsrState), after the root. */
  state: string;
}

/**
 * React writes the elements it hoists (title, meta, link) ahead of the markup when it renders a tree
 * that is not a whole document: they are moved to the head.
 */
const HOISTED = /^(?:<title>[^<]*<\/title>|<meta\b[^>]*>|<link\b[^>]*>)/;

export function splitHead(html: string): { head: string; body: string } {
  let rest = html;
  let head = '';
  for (let m = HOISTED.exec(rest); m; m = HOISTED.exec(rest)) {
    head += m[0];
    rest = rest.slice(m[0].length);
  }
  return { head, body: rest };
}

/**
 * The page's markup. Nothing in a server-rendered page suspends: parts loaded on demand render in the
 * browser only (useHydrated), so no boundary is left for the browser to fill in with a script (none
 * could run: the CSP allows no inline script).
 */
function render(tree: ReactNode, modules: string[], state: SsrState): RenderedPage {
  const html = renderToString(<StrictMode>{tree}</StrictMode>);
  const json = serializeSsrState(state);
  return {
    ...splitHead(html),
    modules,
    state: `<script type="application/json" id="${SSR_STATE_ID}">${json}</script>`,
  };
}

/** A page of the app (landing, about, company information): the router's static twin of main.tsx. */
export async function renderApp(url: string, state: SsrState): Promise<RenderedPage> {
  const queryClient = createQueryClient();
  seedQueries(queryClient, state);
  const list = routes(queryClient);
  const handler = createStaticHandler(list);
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  // No route has a loader or action, so the handler never answers with a redirect.
  if (context instanceof Response) throw new Error(`Unexpected ${context.status} answer for ${url}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return render(
    <QueryClientProvider client={queryClient}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
      <Toaster />
    </QueryClientProvider>,
    routeModules(list, new URL(url, 'http://localhost').pathname),
    state,
  );
}

/** The client's white-label page (collection.html), from the link's answer or null ('Link Not Found'). */
export async function renderCollection(url: string, state: SsrState): Promise<RenderedPage> {
  const uuid = collectionUuid(new URL(url, 'http://localhost').pathname);
  const data = (state.queries[collectionUrl(uuid)] ?? null) as PublicWhiteLabel | null;
  return render(<CollectionApp uuid={uuid} data={data} />, [], state);
}
