import type { PublicWhiteLabel } from '@villas/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/white-label/{uuid} (public): the link and its villas, without prices. Each load counts a view. */
export const getCollection = (uuid: string, signal?: AbortSignal) =>
  api<PublicWhiteLabel>(`/api/white-label/${encodeURIComponent(uuid)}`, { signal });

/**
 * The collection under its URL. A server-rendered page seeds it with the link's data, or with null
 * for a link that is unknown, expired or inactive ('Link Not Found').
 */
export const collectionQueryOptions = (uuid: string) =>
  queryOptions<PublicWhiteLabel | null>({
    queryKey: queryKeys.collection(uuid),
    queryFn: ({ signal }) => getCollection(uuid, signal),
  });

export const useCollection = (uuid: string) => useQuery(collectionQueryOptions(uuid));
