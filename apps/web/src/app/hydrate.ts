import { createElement, startTransition, useEffect, type ReactNode } from 'react';
import { hydrateRoot, type Root, type RootOptions } from 'react-dom/client';

/**
 * Hydrates server-rendered HTML as a transition: React then works in slices of a few milliseconds and
 * lets the browser handle input and paint in between, instead of one long task over the whole page
 * (the page is already on screen; a visitor's tap goes first). Same result, no blocked main thread.
 */
export function hydrate(container: HTMLElement, app: ReactNode, options?: RootOptions): Root {
  let root!: Root;
  startTransition(() => {
    root = hydrateRoot(container, createElement(MarkHydrated, null, app), options);
  });
  return root;
}

/**
 * Marks the document once the hydration has committed (`<html data-hydrated>`): from then on the
 * server's HTML is live (its buttons answer). The page's scripts arrive only after it has loaded
 * (apps/web/public/after-load.js), so end-to-end tests wait for this before they use such a page.
 */
function MarkHydrated({ children }: { children?: ReactNode }) {
  useEffect(() => {
    document.documentElement.setAttribute('data-hydrated', '');
  }, []);
  return children;
}
