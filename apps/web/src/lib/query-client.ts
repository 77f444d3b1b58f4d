import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { endsSession, sessionEnded } from './session';

/**
 * Defaults: a read is a GET to the first element of its key; no automatic retry; no
 * refetch on focus; data never goes stale unless a query says so.
 *
 * One handler for a session that ends under the user: any read or change answered 401 (except the
 * current-user probe, whose 401 is 'signed out', and calls marked OWN_401 such as the sign-in
 * attempt) signs the user out here and sends them to /login (lib/session.ts).
 */
export function createQueryClient() {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (err, query) => {
        if (endsSession(err, query.meta)) sessionEnded(queryClient);
      },
    }),
    mutationCache: new MutationCache({
      onError: (err, _variables, _context, mutation) => {
        if (endsSession(err, mutation.meta)) sessionEnded(queryClient);
      },
    }),
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
  return queryClient;
}
