import type { QueryClient } from '@tanstack/react-query';

/** Query keys are the URLs they read (seed 000 §7). */
export const apiConnectionsKey = ['/api/admin/api-connections'] as const;
export const apiConnectionUrl = (id: number) => `${apiConnectionsKey[0]}/${id}`;

/** After a connection is added, changed or removed: the list, and the sync statistics that count them. */
export const invalidateConnections = (qc: QueryClient) =>
  qc.invalidateQueries({
    predicate: (q) => {
      const k = String(q.queryKey[0]);
      return k === apiConnectionsKey[0] || k.startsWith('/api/admin/sync-');
    },
  });

/**
 * After a sync has run (or started): the connections (last sync, property count), the sync reports
 * and statistics, and every list that shows properties. Keys that are absent are simply not matched.
 */
export const invalidateAfterSync = (qc: QueryClient) =>
  qc.invalidateQueries({
    predicate: (q) => {
      const k = String(q.queryKey[0]);
      return (
        k === apiConnectionsKey[0] ||
        k.startsWith('/api/admin/sync-') ||
        k.startsWith('/api/admin/properties') ||
        k.startsWith('/api/properties') ||
        k === '/api/admin/overview'
      );
    },
  });
