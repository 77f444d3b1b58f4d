import type { ApiConnection, apiConnectionInputSchema } from '@villas/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { invalidateConnections } from './keys';

/** The form's parsed values: the shape the server validates with the same schema. */
export type CreateApiConnectionInput = z.output<typeof apiConnectionInputSchema>;

export const createApiConnection = (input: CreateApiConnectionInput) =>
  api<ApiConnection>(queryKeys.apiConnections()[0], { method: 'POST', body: input });

/** POST /api/admin/api-connections {provider, name, apiKey, apiSecret, baseUrl, enabled}. */
export function useCreateApiConnection() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createApiConnection, onSuccess: () => invalidateConnections(qc) });
}
