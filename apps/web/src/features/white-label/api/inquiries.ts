import type { WhiteLabelInquiry, WhiteLabelInquiryStatus } from '@villas/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { invalidateWhiteLabelLists } from './keys';

export const agentInquiriesQueryOptions = (agentId: number) =>
  queryOptions({
    queryKey: queryKeys.agentInquiries(agentId),
    queryFn: ({ signal }) => api<WhiteLabelInquiry[]>(queryKeys.agentInquiries(agentId)[0], { signal }),
  });
export const useAgentInquiries = (agentId: number) => useQuery(agentInquiriesQueryOptions(agentId));

export const updateInquiryStatus = ({ id, status }: { id: number; status: WhiteLabelInquiryStatus }) =>
  api<WhiteLabelInquiry>(`/api/white-label-inquiries/${id}`, { method: 'PUT', body: { status } });

export function useUpdateInquiryStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateInquiryStatus,
    onSuccess: () => invalidateWhiteLabelLists(qc),
  });
}
