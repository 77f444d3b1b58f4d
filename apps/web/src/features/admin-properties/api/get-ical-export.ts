import type { IcalExport } from '@villas/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { icalExportUrl } from './keys';

/** GET /api/admin/properties/{id}/ical-export: the property's secret export address (made on first read). */
export const icalExportQueryOptions = (propertyId: number) =>
  queryOptions({
    queryKey: [icalExportUrl(propertyId)],
    queryFn: ({ signal }) => api<IcalExport>(icalExportUrl(propertyId), { signal }),
  });
export const useIcalExport = (propertyId: number) => useQuery(icalExportQueryOptions(propertyId));
