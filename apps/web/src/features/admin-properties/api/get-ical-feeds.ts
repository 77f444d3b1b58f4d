import type { IcalFeed } from '@villas/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/admin/properties/{id}/ical-feeds: the calendars imported into this property. */
export const icalFeedsQueryOptions = (propertyId: number) =>
  queryOptions({
    queryKey: queryKeys.icalFeeds(propertyId),
    queryFn: ({ signal }) => api<IcalFeed[]>(queryKeys.icalFeeds(propertyId)[0], { signal }),
    staleTime: 0,
  });
export const useIcalFeeds = (propertyId: number) => useQuery(icalFeedsQueryOptions(propertyId));
