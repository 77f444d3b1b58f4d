import type { CurrentUser, LoginInput, RegisterInput, User } from '@villas/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from './api-client';

export const userQueryKey = ['/api/auth/user'] as const;

/** The current user; a 401 means signed out (null). Refetched without retry, never stale-cached. */
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
    staleTime: 0,
    retry: false,
  });

export const useUser = () => useQuery(userQueryOptions());

export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => api<CurrentUser>('/api/auth/login', { method: 'POST', body: input }),
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
    onSuccess: () => {
      qc.setQueryData(userQueryKey, null);
      qc.removeQueries({ predicate: (q) => q.queryKey[0] !== userQueryKey[0] });
    },
  });
}
