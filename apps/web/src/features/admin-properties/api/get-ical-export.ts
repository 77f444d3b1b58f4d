import type { IcalExport } from '@villas/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/admin/properties/{id}/ical-export: the property's secret export address (made on first read). */
export const icalExportQueryOptions = (propertyId: number) =>
  queryOptions({
    queryKey: queryKeys.icalExport(propertyId),
    queryFn: ({ signal }) => api<IcalExport>(queryKeys.icalExport(propertyId)[0], { signal }),
  });
export const useIcalExport = (propertyId: number) => useQuery(icalExportQueryOptions(propertyId));
