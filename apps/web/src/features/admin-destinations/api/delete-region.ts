import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateDestinations } from './get-destinations';

/** The name is one path segment: '/', '&', '?' and '#' in it are encoded. */
export const deleteRegion = (regionName: string) =>
  api<{ ok: true }>(`/api/admin/locations/region/${encodeURIComponent(regionName)}`, { method: 'DELETE' });

/** DELETE /api/admin/locations/region/{regionName}: the region and its subregions. */
export function useDeleteRegion() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteRegion, onSuccess: () => invalidateDestinations(qc) });
}
