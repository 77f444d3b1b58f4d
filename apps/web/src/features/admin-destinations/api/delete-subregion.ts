import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateDestinations } from './get-destinations';

export const deleteSubregion = ({
  regionName,
  subregionName,
}: {
  regionName: string;
  subregionName: string;
}) =>
  api<{ ok: true }>(
    `/api/admin/locations/subregion/${encodeURIComponent(regionName)}/${encodeURIComponent(subregionName)}`,
    { method: 'DELETE' },
  );

/** DELETE /api/admin/locations/subregion/{regionName}/{subregionName}. */
export function useDeleteSubregion() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteSubregion, onSuccess: () => invalidateDestinations(qc) });
}
