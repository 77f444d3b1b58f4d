import type { InboxItem, InboxStatus, Inquiry, WhiteLabelInquiry } from '@villas/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidate, scopes } from '../../../lib/query-keys';

/**
 * A request's status, through its own call: `PUT /api/inquiries/{id}/status` for an inquiry,
 * `PUT /api/white-label-inquiries/{id}` for a client's request through a link.
 */
export const updateInquiryStatus = ({
  item,
  status,
}: {
  item: InboxItem;
  status: InboxStatus;
}): Promise<Inquiry | WhiteLabelInquiry> =>
  item.source === 'link-request'
    ? api<WhiteLabelInquiry>(`/api/white-label-inquiries/${item.id}`, { method: 'PUT', body: { status } })
    : api<Inquiry>(`/api/inquiries/${item.id}/status`, { method: 'PUT', body: { status } });

/** Changes a request's status, then reads the inbox again (its counts and filters follow). */
export function useUpdateInquiryStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateInquiryStatus,
    onSuccess: (_, { item }) =>
      invalidate(
        qc,
        scopes.adminInquiries(),
        ...(item.source === 'link-request' ? [scopes.agentInquiries()] : []),
      ),
  });
}
