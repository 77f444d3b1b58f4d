import type { OffMarketInquiryInput } from '@villas/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/inquiries in the off-market shape (type 'off-market'). */
export const createOffMarketInquiry = (input: OffMarketInquiryInput) =>
  api<{ id: number; status: string }>('/api/inquiries', { method: 'POST', body: input });

export const useCreateOffMarketInquiry = () => useMutation({ mutationFn: createOffMarketInquiry });
