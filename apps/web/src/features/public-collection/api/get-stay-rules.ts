import type { LinkStayRules, StayRuleTerms } from '@villas/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/white-label/{uuid}/stay-rules (public): the stay rules in force of the link's villas. */
export const linkStayRulesQueryOptions = (uuid: string) => {
  const url = `/api/white-label/${encodeURIComponent(uuid)}/stay-rules`;
  return queryOptions({
    queryKey: [url],
    queryFn: ({ signal }) => api<LinkStayRules>(url, { signal }),
    staleTime: 60_000,
  });
};

/** One villa's rules of the link (read once for the whole link, when a villa is first opened). */
export function useVillaStayRules(uuid: string, propertyId: number): StayRuleTerms[] | undefined {
  const rules = useQuery(linkStayRulesQueryOptions(uuid));
  return rules.data?.find((v) => v.propertyId === propertyId)?.rules;
}
