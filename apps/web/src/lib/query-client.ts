import { QueryClient } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * Seed 000 §7 defaults: a read is a GET to the first element of its key; no automatic retry; no
 * refetch on focus; data never goes stale unless a query says so.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: ({ queryKey, signal }) => api(String(queryKey[0]), { signal }),
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}
