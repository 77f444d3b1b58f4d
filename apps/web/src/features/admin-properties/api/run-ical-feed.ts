import type { SyncStarted } from '@villas/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { icalFeedUrl, invalidateIcalFeeds } from './keys';

export const runIcalFeed = ({ propertyId, feedId }: { propertyId: number; feedId: number }) =>
  api<SyncStarted>(`${icalFeedUrl(propertyId, feedId)}/run`, { method: 'POST' });

/**
 * POST /api/admin/properties/{id}/ical-feeds/{feedId}/run: the server reads the feed and answers
 * when done (409 when it is already being read); the feed's status is then refetched.
 */
export function useRunIcalFeed(propertyId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (feedId: number) => runIcalFeed({ propertyId, feedId }),
    onSettled: () => invalidateIcalFeeds(qc, propertyId),
  });
}
