import type { QueryClient } from '@tanstack/react-query';
import { invalidate, queryKeys, scopes } from '../../../lib/query-keys';

export const apiConnectionUrl = (id: number) => `${queryKeys.apiConnections()[0]}/${id}`;

/** After a connection is added, changed or removed: the list, and the sync statistics that count them. */
export const invalidateConnections = (qc: QueryClient) =>
  invalidate(qc, scopes.apiConnections(), scopes.syncReports(), scopes.syncStats());

/**
 * After a sync has run (or started): the connections (last sync, property count), the sync reports
 * and statistics, and every list that shows properties. Keys that are absent are simply not matched.
 */
export const invalidateAfterSync = (qc: QueryClient) =>
  invalidate(
    qc,
    scopes.apiConnections(),
    scopes.syncReports(),
    scopes.syncStats(),
    scopes.adminProperties(),
    scopes.properties(),
    scopes.adminOverview(),
  );
