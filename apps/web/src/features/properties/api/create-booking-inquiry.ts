import type { BookingInquiryInput } from '@villas/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/inquiries in the booking shape (propertyId set). */
export const createBookingInquiry = (input: BookingInquiryInput) =>
  api<{ id: number; status: string }>('/api/inquiries', { method: 'POST', body: input });

export const useCreateBookingInquiry = () => useMutation({ mutationFn: createBookingInquiry });
