import type { LinkStayRules, StayRuleTerms } from '@villas/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/white-label/{uuid}/stay-rules (public): the stay rules in force of the link's villas. */
export const linkStayRulesQueryOptions = (uuid: string) => {
  const key = queryKeys.collectionStayRules(uuid);
  return queryOptions({
    queryKey: key,
    queryFn: ({ signal }) => api<LinkStayRules>(key[0], { signal }),
    staleTime: 60_000,
  });
};

/** One villa's rules of the link (read once for the whole link, when a villa is first opened). */
export function useVillaStayRules(uuid: string, propertyId: number): StayRuleTerms[] | undefined {
  const rules = useQuery(linkStayRulesQueryOptions(uuid));
  return rules.data?.find((v) => v.propertyId === propertyId)?.rules;
}
