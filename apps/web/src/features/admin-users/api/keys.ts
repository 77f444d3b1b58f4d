import type { UserStatus } from '@villas/shared';
import type { QueryClient } from '@tanstack/react-query';

/** One page of a Users tab list. */
export const USERS_PAGE_SIZE = 24;

/** Query keys are the URLs they read (seed 000 §7); the search and status are part of the URL. */
export const adminUsersUrl = (status: UserStatus, q = '') => {
  const params = new URLSearchParams({ status });
  if (q) params.set('q', q);
  params.set('limit', String(USERS_PAGE_SIZE));
  return `/api/admin/users?${params}`;
};
export const adminUsersSummaryUrl = (q = '') =>
  `/api/admin/users/summary${q ? `?${new URLSearchParams({ q })}` : ''}`;

/**
 * After an edit, approval or delete every list and count of users is refetched, and the signed-in
 * user too (an admin may have edited their own name).
 */
export const invalidateUsers = (qc: QueryClient) =>
  qc.invalidateQueries({
    predicate: (q) => {
      const k = String(q.queryKey[0]);
      return k.startsWith('/api/admin/users') || k === '/api/auth/user';
    },
  });
