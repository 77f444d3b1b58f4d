import type { Location } from '@villas/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateDestinations } from './get-destinations';

export const createRegion = (regionName: string) =>
  api<Location>('/api/admin/locations/region', { method: 'POST', body: { regionName } });

/** POST /api/admin/locations/region {regionName}. */
export function useCreateRegion() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createRegion, onSuccess: () => invalidateDestinations(qc) });
}
