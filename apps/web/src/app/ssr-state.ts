import type { QueryClient } from '@tanstack/react-query';
import { seedServerAnswer } from '../lib/server-rendered';

/**
 * What the server hands the browser with a page it rendered: the API answers the page was rendered
 * from, by their URL, which is their query key. The browser seeds its query cache with
 * them before hydrating, so its first render is the server's HTML, without a request.
 */
export interface SsrState {
  queries: Record<string, unknown>;
}

/** The id of the `<script type="application/json">` that carries the state (no inline script: CSP). */
export const SSR_STATE_ID = 'ssr-state';

/**
 * The state as the text of a JSON script element: `<`, `>`, `&` and the two JavaScript line
 * separators escaped, so no text in the data (a villa's description, a link title) can close the
 * element or start markup.
 */
export function serializeSsrState(state: SsrState): string {
  return JSON.stringify(state).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The state the server put in the page, or null when the page was not rendered on the server. */
export function readSsrState(doc: Document = document): SsrState | null {
  const text = doc.getElementById(SSR_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    const state = JSON.parse(text) as SsrState;
    return state && typeof state.queries === 'object' ? state : null;
  } catch {
    return null;
  }
}

/** Puts each answer in the cache under its URL. */
export function seedQueries(queryClient: QueryClient, state: SsrState) {
  const at = Date.now();
  for (const [url, data] of Object.entries(state.queries)) seedServerAnswer(queryClient, url, data, at);
}
