import { startTransition, type ReactNode } from 'react';
import { hydrateRoot, type Root, type RootOptions } from 'react-dom/client';

/**
 * Hydrates server-rendered HTML as a transition: React then works in slices of a few milliseconds and
 * lets the browser handle input and paint in between, instead of one long task over the whole page
 * (the page is already on screen; a visitor's tap goes first). Same result, no blocked main thread.
 */
export function hydrate(container: HTMLElement, app: ReactNode, options?: RootOptions): Root {
  let root!: Root;
  startTransition(() => {
    root = hydrateRoot(container, app, options);
  });
  return root;
}
