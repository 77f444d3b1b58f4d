import type { AdminWhiteLabelLink } from '@villas/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Query keys are the URLs they read (seed 000 §7); the search is part of the URL. */
export const adminLinksKey = (q = '') =>
  [`/api/admin/white-label-links${q ? `?q=${encodeURIComponent(q)}` : ''}`] as const;

/** Every agent's white-label links (seed 001 §2), optionally searched on the server. */
export const adminLinksQueryOptions = (q = '') =>
  queryOptions({
    queryKey: adminLinksKey(q),
    queryFn: ({ signal }) => api<AdminWhiteLabelLink[]>(adminLinksKey(q)[0], { signal }),
  });

/** The previous answer stays on screen while a new search loads. */
export const useAdminLinks = (q = '') =>
  useQuery({ ...adminLinksQueryOptions(q), placeholderData: keepPreviousData });
