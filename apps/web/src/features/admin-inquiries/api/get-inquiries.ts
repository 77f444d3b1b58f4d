import type { Inquiry } from '@villas/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Query keys are the URLs they read (seed 000 §7). */
export const adminInquiriesKey = ['/api/inquiries/off-market'] as const;

/** Every inquiry for the admin, newest first (seed 001 §7). */
export const adminInquiriesQueryOptions = () =>
  queryOptions({
    queryKey: adminInquiriesKey,
    queryFn: ({ signal }) => api<Inquiry[]>(adminInquiriesKey[0], { signal }),
  });
export const useAdminInquiries = () => useQuery(adminInquiriesQueryOptions());
