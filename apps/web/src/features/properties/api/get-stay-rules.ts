import type { StayRuleTerms } from '@villas/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/properties/{id}/stay-rules: the villa's stay rules in force (its detail lists them, its booking form checks them). */
export const stayRulesQueryOptions = (propertyId: number) =>
  queryOptions({
    queryKey: [`/api/properties/${propertyId}/stay-rules`],
    queryFn: ({ signal }) => api<StayRuleTerms[]>(`/api/properties/${propertyId}/stay-rules`, { signal }),
    staleTime: 60_000,
  });

export const useStayRules = (propertyId: number) => useQuery(stayRulesQueryOptions(propertyId));
