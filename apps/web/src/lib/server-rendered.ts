import type { QueryClient } from '@tanstack/react-query';

/**
 * The answers a server-rendered page came with (app/ssr-state.ts), by their query, with the time
 * they were put in the cache. Weak: a query the cache drops takes its entry along (the server
 * renders many pages in one process).
 */
const rendered = new WeakMap<object, number>();

/** Puts an answer the server rendered the page from in the cache, under its URL. */
export function seedServerAnswer(queryClient: QueryClient, url: string, data: unknown, at: number) {
  queryClient.setQueryData([url], data, { updatedAt: at });
  const query = queryClient.getQueryCache().find({ queryKey: [url], exact: true });
  if (query) rendered.set(query, at);
}

/** Whether a query still holds the answer the server rendered this page from (not refetched since). */
export const isServerRendered = (query: { state: { dataUpdatedAt: number } }): boolean =>
  rendered.get(query) === query.state.dataUpdatedAt;
