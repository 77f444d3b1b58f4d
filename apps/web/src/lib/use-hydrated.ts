import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while the server renders and while the browser hydrates what the server rendered, true
 * afterwards (and from the start of a page rendered in the browser). For parts that exist only in
 * the browser, such as code loaded on demand: the server's HTML and the hydrating render agree.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
