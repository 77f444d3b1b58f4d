import type { StayRuleTerms } from '@villas/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/properties/{id}/stay-rules: the villa's stay rules in force (its detail lists them, its booking form checks them). */
export const stayRulesQueryOptions = (propertyId: number) =>
  queryOptions({
    queryKey: queryKeys.propertyStayRules(propertyId),
    queryFn: ({ signal }) => api<StayRuleTerms[]>(queryKeys.propertyStayRules(propertyId)[0], { signal }),
    staleTime: 60_000,
  });

export const useStayRules = (propertyId: number) => useQuery(stayRulesQueryOptions(propertyId));
