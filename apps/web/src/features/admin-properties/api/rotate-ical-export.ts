import type { IcalExport } from '@villas/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { icalExportUrl } from './keys';

export const rotateIcalExport = (propertyId: number) =>
  api<IcalExport>(`${icalExportUrl(propertyId)}/rotate`, { method: 'POST' });

/** POST …/ical-export/rotate: a new secret address; the old one stops working at once. */
export function useRotateIcalExport(propertyId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => rotateIcalExport(propertyId),
    onSuccess: (next) => qc.setQueryData(queryKeys.icalExport(propertyId), next),
  });
}
