import type { ContactInquiryInput } from '@villas/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The landing contact form's call: propertyId is always null. */
export const createContactInquiry = (input: Omit<ContactInquiryInput, 'propertyId' | 'type'>) =>
  api<{ id: number; status: string }>('/api/inquiries', {
    method: 'POST',
    body: {
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      message: input.message,
      propertyId: null,
      inquiryType: input.inquiryType ?? 'other',
    },
  });

export const useCreateContactInquiry = () => useMutation({ mutationFn: createContactInquiry });
