import type { InboxFilters, InboxPage } from '@villas/shared';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The inbox (`GET /api/admin/inquiries`), filtered and paged on the server, 24 at a time. */
export const adminInquiriesQueryOptions = (filters: InboxFilters = {}) =>
  infiniteQueryOptions({
    queryKey: queryKeys.adminInquiries(filters),
    queryFn: ({ pageParam, signal }) =>
      api<InboxPage>(`${queryKeys.adminInquiries(filters)[0]}${pageParam ? `&offset=${pageParam}` : ''}`, {
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return last.items.length > 0 && loaded < last.total ? loaded : undefined;
    },
  });

/** The previous answer stays on screen while other filters load. */
export const useAdminInquiries = (filters: InboxFilters = {}) =>
  useInfiniteQuery({ ...adminInquiriesQueryOptions(filters), placeholderData: keepPreviousData });
