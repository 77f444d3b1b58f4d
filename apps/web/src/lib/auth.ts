import type { CurrentUser, LoginInput, LoginResult, RegisterInput, User } from '@villas/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from './api-client';
import { isServerRendered } from './server-rendered';
import { queryKeys } from './query-keys';

export const userQueryKey = queryKeys.user();

/**
 * Query or mutation `meta` for a call whose 401 is its own answer, not the end of a session (the
 * sign-in attempt's 'Invalid credentials', the sign-out): lib/session.ts leaves it to the caller.
 */
export const OWN_401 = { own401: true } as const;

let signingOut = false;
/**
 * Whether a sign-out is on its way: the 401s of calls still in flight then (a poll, the live
 * stream's refetch) are the sign-out itself, not a session that ended under the user, so the
 * sign-out's own redirect to plain /login stands (lib/session.ts).
 */
export const isSigningOut = () => signingOut;

/**
 * How long the user a server-rendered page came with counts as fresh: the server read the session
 * for this very page, so hydrating it does not ask again (a signed-out visitor's browser would log
 * the 401). Any later mount, focus or sign-in asks the server.
 */
const SERVER_RENDERED_USER_FRESH_MS = 30_000;

/**
 * The current user; a 401 means signed out (null). Refetched without retry, never stale-cached,
 * except the user the server rendered this page with, for its first half-minute.
 */
export const userQueryOptions = () =>
  queryOptions({
    queryKey: userQueryKey,
    queryFn: async ({ signal }) => {
      try {
        return await api<CurrentUser>('/api/auth/user', { signal });
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) return null;
        throw err;
      }
    },
    staleTime: (query) => (isServerRendered(query) ? SERVER_RENDERED_USER_FRESH_MS : 0),
    retry: false,
  });

export const useUser = () => useQuery(userQueryOptions());

export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => api<LoginResult>('/api/auth/login', { method: 'POST', body: input }),
    meta: OWN_401,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: userQueryKey });
    },
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (input: RegisterInput) => api<User>('/api/auth/register', { method: 'POST', body: input }),
  });
}

export function useLogout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ ok: true }>('/api/auth/logout', { method: 'POST' }),
    meta: OWN_401,
    onMutate: () => {
      signingOut = true;
    },
    onSettled: () => {
      signingOut = false;
    },
    onSuccess: () => {
      qc.setQueryData(userQueryKey, null);
      qc.removeQueries({ predicate: (q) => q.queryKey[0] !== userQueryKey[0] });
    },
  });
}
