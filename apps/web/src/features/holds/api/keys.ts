import type { HoldStatus } from '@villas/shared';
import type { QueryClient } from '@tanstack/react-query';
import { invalidate, scopes } from '../../../lib/query-keys';

export interface HoldsQuery {
  status?: HoldStatus;
  propertyId?: number;
}

/**
 * Every holds list, and the calendars and searches a hold changes: the nights it blocks or frees
 * show everywhere at once.
 */
export function invalidateAfterHoldChange(qc: QueryClient) {
  return invalidate(qc, scopes.holds(), scopes.adminHolds(), scopes.availability(), scopes.propertySearch());
}
