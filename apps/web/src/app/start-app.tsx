import { StrictMode } from 'react';
import { createRoot, type RootOptions } from 'react-dom/client';
import { createQueryClient } from '../lib/query-client';
import { App } from './app';
import { createRouter, resolveRoutes, routes } from './router';
import { hydrate } from './hydrate';
import { readSsrState, seedQueries } from './ssr-state';

/** React's reports of what it recovered from (a hydration mismatch among them); tests listen. */
type Options = Pick<RootOptions, 'onRecoverableError'>;

/**
 * The app in the browser (main.tsx). A page the server rendered (landing, about, company information)
 * carries the answers it was rendered from: the cache is seeded with them and the modules of its
 * routes are loaded first, so hydration finds the same tree. Any other page is rendered from scratch.
 */
export async function startApp(root: HTMLElement, options: Options = {}) {
  const queryClient = createQueryClient();
  const state = readSsrState();
  const list = routes(queryClient);
  if (state) {
    seedQueries(queryClient, state);
    await resolveRoutes(list, window.location.pathname);
  }
  const app = (
    <StrictMode>
      <App queryClient={queryClient} router={createRouter(list)} />
    </StrictMode>
  );
  if (state) return hydrate(root, app, options);
  const created = createRoot(root, options);
  created.render(app);
  return created;
}
