import type { Inquiry } from '@villas/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Every inquiry for the admin, newest first. */
export const adminInquiriesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.adminInquiries(),
    queryFn: ({ signal }) => api<Inquiry[]>(queryKeys.adminInquiries()[0], { signal }),
  });
export const useAdminInquiries = () => useQuery(adminInquiriesQueryOptions());
