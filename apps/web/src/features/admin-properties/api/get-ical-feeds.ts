import type { IcalFeed } from '@villas/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { icalFeedsUrl } from './keys';

/** GET /api/admin/properties/{id}/ical-feeds: the calendars imported into this property. */
export const icalFeedsQueryOptions = (propertyId: number) =>
  queryOptions({
    queryKey: [icalFeedsUrl(propertyId)],
    queryFn: ({ signal }) => api<IcalFeed[]>(icalFeedsUrl(propertyId), { signal }),
    staleTime: 0,
  });
export const useIcalFeeds = (propertyId: number) => useQuery(icalFeedsQueryOptions(propertyId));
