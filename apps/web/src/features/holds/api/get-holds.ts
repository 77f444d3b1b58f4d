import type { Hold } from '@villas/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type HoldsQuery } from './keys';
import { queryKeys } from '../../../lib/query-keys';

export const getHolds = (q: HoldsQuery = {}, signal?: AbortSignal) =>
  api<Hold[]>(queryKeys.holds(q)[0], { signal });

/**
 * GET /api/holds: the agent's own holds, or every hold for an administrator. Refetched every 30 s so
 * a hold that expired or was ended elsewhere leaves the list.
 */
export const holdsQueryOptions = (q: HoldsQuery = {}) =>
  queryOptions({
    queryKey: queryKeys.holds(q),
    queryFn: ({ signal }) => getHolds(q, signal),
    refetchInterval: 30_000,
  });

export const useHolds = (q: HoldsQuery = {}, enabled = true) =>
  useQuery({ ...holdsQueryOptions(q), enabled });
