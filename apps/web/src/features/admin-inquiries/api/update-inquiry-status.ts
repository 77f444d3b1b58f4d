import type { Inquiry, InquiryStatus } from '@villas/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const updateInquiryStatus = ({ id, status }: { id: number; status: InquiryStatus }) =>
  api<Inquiry>(`/api/inquiries/${id}/status`, { method: 'PUT', body: { status } });

/** PUT /api/inquiries/{id}/status; the answer replaces the row at once, then the list is refetched. */
export function useUpdateInquiryStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateInquiryStatus,
    onSuccess: (updated) => {
      qc.setQueryData<Inquiry[]>(queryKeys.adminInquiries(), (list) =>
        list?.map((i) => (i.id === updated.id ? updated : i)),
      );
      return qc.invalidateQueries({ queryKey: queryKeys.adminInquiries() });
    },
  });
}
