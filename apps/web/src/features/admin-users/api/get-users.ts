import type { User, UserStatus } from '@villas/shared';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { USERS_PAGE_SIZE } from './keys';

/** Active or pending accounts, newest first, searched on the server, a page at a time. */
export const adminUsersQueryOptions = (status: UserStatus, q = '') =>
  infiniteQueryOptions({
    queryKey: queryKeys.adminUsers(status, q),
    queryFn: ({ pageParam, signal }) =>
      api<User[]>(`${queryKeys.adminUsers(status, q)[0]}${pageParam ? `&offset=${pageParam}` : ''}`, {
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.length < USERS_PAGE_SIZE ? undefined : pages.length * USERS_PAGE_SIZE,
  });

/** The previous answer stays on screen while a new search loads. */
export const useAdminUsers = (status: UserStatus, q = '') =>
  useInfiniteQuery({ ...adminUsersQueryOptions(status, q), placeholderData: keepPreviousData });
