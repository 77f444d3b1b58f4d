import type { StayRule, StayRuleInput } from '@villas/shared';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidate, queryKeys, scopes } from '../../../lib/query-keys';

/** GET /api/admin/properties/{id}/stay-rules: the villa's stay rules that have not ended, by period. */
export const stayRulesUrl = (propertyId: number) => queryKeys.adminStayRules(propertyId)[0];

export const stayRulesQueryOptions = (propertyId: number) =>
  queryOptions({
    queryKey: queryKeys.adminStayRules(propertyId),
    queryFn: ({ signal }) => api<StayRule[]>(stayRulesUrl(propertyId), { signal }),
  });

export const useStayRules = (propertyId: number) => useQuery(stayRulesQueryOptions(propertyId));

/**
 * After a rule is written: the villa's rule list, what agents read of its rules, and every search
 * answer (a dated search leaves out villas whose rules a stay breaks).
 */
const invalidateAfterRuleWrite = (qc: QueryClient, propertyId: number) =>
  invalidate(
    qc,
    scopes.adminStayRules(propertyId),
    scopes.propertyStayRules(propertyId),
    scopes.propertySearch(),
  );

/** POST (a new rule) or PUT /api/admin/stay-rules/{id} (a change) with the shared input schema's body. */
export const saveStayRule = (p: { propertyId: number; id?: number; input: StayRuleInput }) =>
  p.id != null
    ? api<StayRule>(`/api/admin/stay-rules/${p.id}`, { method: 'PUT', body: p.input })
    : api<StayRule>(stayRulesUrl(p.propertyId), { method: 'POST', body: p.input });

export function useSaveStayRule(propertyId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (p: { id?: number; input: StayRuleInput }) => saveStayRule({ propertyId, ...p }),
    onSuccess: () => invalidateAfterRuleWrite(qc, propertyId),
  });
}

/** DELETE /api/admin/stay-rules/{id}. */
export const deleteStayRule = (id: number) =>
  api<{ ok: true }>(`/api/admin/stay-rules/${id}`, { method: 'DELETE' });

export function useDeleteStayRule(propertyId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteStayRule,
    onSuccess: () => invalidateAfterRuleWrite(qc, propertyId),
  });
}
