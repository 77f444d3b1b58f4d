import { AUDIT_LOG_PAGE_SIZE, type AuditLogPage } from '@villas/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const AUDIT_LOG_KEY = queryKeys.auditLog(AUDIT_LOG_PAGE_SIZE);

/** GET /api/admin/audit-log: the newest changes first, a page (limit/offset) at a time. */
export const auditLogQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: AUDIT_LOG_KEY,
    queryFn: ({ pageParam, signal }) =>
      api<AuditLogPage>(`${AUDIT_LOG_KEY[0]}${pageParam ? `&offset=${pageParam}` : ''}`, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length * AUDIT_LOG_PAGE_SIZE : undefined),
    // Opening the page shows the latest changes, not a cached list.
    staleTime: 0,
  });

export const useAuditLog = () => useInfiniteQuery(auditLogQueryOptions());
