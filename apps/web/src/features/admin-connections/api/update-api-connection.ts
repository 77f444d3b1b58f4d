import type { ApiConnection, ApiConnectionUpdate } from '@villas/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { apiConnectionUrl, invalidateConnections } from './keys';

export const updateApiConnection = ({ id, input }: { id: number; input: ApiConnectionUpdate }) =>
  api<ApiConnection>(apiConnectionUrl(id), { method: 'PATCH', body: input });

/**
 * PATCH /api/admin/api-connections/{id}: the enable toggle sends only `{enabled}`. The answered
 * connection replaces the cached one at once, then the list is refetched.
 */
export function useUpdateApiConnection() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateApiConnection,
    onSuccess: (updated) => {
      qc.setQueryData<ApiConnection[]>(queryKeys.apiConnections(), (list) =>
        list?.map((c) => (c.id === updated.id ? updated : c)),
      );
      return invalidateConnections(qc);
    },
  });
}
