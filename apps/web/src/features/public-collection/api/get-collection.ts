import type { PublicWhiteLabel } from '@villas/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/white-label/{uuid} (public): the link and its villas, without prices. Each load counts a view. */
export const collectionQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: [`/api/white-label/${encodeURIComponent(uuid)}`],
    queryFn: ({ signal }) =>
      api<PublicWhiteLabel>(`/api/white-label/${encodeURIComponent(uuid)}`, { signal }),
  });

export const useCollection = (uuid: string) => useQuery(collectionQueryOptions(uuid));
