import type { Location } from '@villas/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateDestinations } from './get-destinations';

export const createSubregion = (input: { regionName: string; subregionName: string }) =>
  api<Location>('/api/admin/locations/subregion', { method: 'POST', body: input });

/** POST /api/admin/locations/subregion {regionName, subregionName}. */
export function useCreateSubregion() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createSubregion, onSuccess: () => invalidateDestinations(qc) });
}
