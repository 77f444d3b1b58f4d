import type { AdminWhiteLabelLink } from '@villas/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Every agent's white-label links, optionally searched on the server. */
export const adminLinksQueryOptions = (q = '') =>
  queryOptions({
    queryKey: queryKeys.adminLinks(q),
    queryFn: ({ signal }) => api<AdminWhiteLabelLink[]>(queryKeys.adminLinks(q)[0], { signal }),
  });

/** The previous answer stays on screen while a new search loads. */
export const useAdminLinks = (q = '') =>
  useQuery({ ...adminLinksQueryOptions(q), placeholderData: keepPreviousData });
