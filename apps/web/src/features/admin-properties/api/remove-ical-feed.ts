import type { IcalFeed } from '@villas/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { icalFeedUrl, invalidateIcalFeeds } from './keys';

export const removeIcalFeed = ({ propertyId, feedId }: { propertyId: number; feedId: number }) =>
  api<{ ok: true }>(icalFeedUrl(propertyId, feedId), { method: 'DELETE' });

/** DELETE /api/admin/properties/{id}/ical-feeds/{feedId}: the nights only it blocked are released. */
export function useRemoveIcalFeed(propertyId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (feedId: number) => removeIcalFeed({ propertyId, feedId }),
    onSuccess: (_ok, feedId) => {
      qc.setQueryData<IcalFeed[]>(queryKeys.icalFeeds(propertyId), (list) =>
        list?.filter((f) => f.id !== feedId),
      );
      return invalidateIcalFeeds(qc, propertyId);
    },
  });
}
