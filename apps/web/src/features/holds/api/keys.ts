import type { HoldStatus } from '@villas/shared';
import type { QueryClient } from '@tanstack/react-query';

export interface HoldsQuery {
  status?: HoldStatus;
  propertyId?: number;
}

/** The query key is the URL (STYLE web features). */
export function holdsKey(q: HoldsQuery = {}) {
  const params = new URLSearchParams();
  if (q.status) params.set('status', q.status);
  if (q.propertyId) params.set('propertyId', String(q.propertyId));
  const search = params.toString();
  return [`/api/holds${search ? `?${search}` : ''}`] as const;
}

/**
 * Every holds list, and the calendars and searches a hold changes: the nights it blocks or frees
 * show everywhere at once.
 */
export function invalidateAfterHoldChange(qc: QueryClient) {
  return Promise.all([
    qc.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/holds') }),
    qc.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/admin/holds') }),
    qc.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/availability') }),
    qc.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/properties/search') }),
  ]);
}
