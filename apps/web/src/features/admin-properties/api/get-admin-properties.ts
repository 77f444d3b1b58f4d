import type { AdminPropertiesPage } from '@villas/shared';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The admin list, searched and paged on the server: `{items, total}` a page at a time. */
export const adminPropertiesQueryOptions = (q = '') =>
  infiniteQueryOptions({
    queryKey: queryKeys.adminProperties(q),
    queryFn: ({ pageParam, signal }) =>
      api<AdminPropertiesPage>(
        `${queryKeys.adminProperties(q)[0]}${pageParam ? `&offset=${pageParam}` : ''}`,
        {
          signal,
        },
      ),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return last.items.length > 0 && loaded < last.total ? loaded : undefined;
    },
  });

/** The previous answer stays on screen while a new search loads. */
export const useAdminProperties = (q = '') =>
  useInfiniteQuery({ ...adminPropertiesQueryOptions(q), placeholderData: keepPreviousData });
