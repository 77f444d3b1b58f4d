import type { IcalFeed, IcalFeedInput } from '@villas/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { icalFeedsUrl, invalidateIcalFeeds } from './keys';

export const addIcalFeed = ({ propertyId, input }: { propertyId: number; input: IcalFeedInput }) =>
  api<IcalFeed>(icalFeedsUrl(propertyId), { method: 'POST', body: input });

/**
 * POST /api/admin/properties/{id}/ical-feeds: stores the feed (not read yet: the next scheduled
 * import or 'Sync now' reads it). The new feed is listed at once, then the list is refetched.
 */
export function useAddIcalFeed(propertyId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: IcalFeedInput) => addIcalFeed({ propertyId, input }),
    onSuccess: (feed) => {
      qc.setQueryData<IcalFeed[]>(queryKeys.icalFeeds(propertyId), (list) =>
        list && !list.some((f) => f.id === feed.id) ? [...list, feed] : list,
      );
      return invalidateIcalFeeds(qc, propertyId);
    },
  });
}
