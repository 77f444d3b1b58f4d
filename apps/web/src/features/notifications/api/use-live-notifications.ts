import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvents } from '../../../lib/live-events';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Keeps the bell live: its list is refetched as soon as one of the user's notifications is created,
 * read or deleted (in any tab or device), and after events may have been missed. The 30-s poll stays
 * on as the floor (docs/decisions/012). When the server ends the stream (signed out, session expired,
 * account closed) the current user is refetched, so the app shows the signed-out state.
 * Mount once per tab (the nav bar): each mount refetches on every event.
 */
export function useLiveNotifications(userId: number | undefined) {
  const qc = useQueryClient();
  useLiveEvents((e) => {
    if (userId === undefined) return;
    if (e.type === 'notification' || e.type === 'resync') {
      void qc.invalidateQueries({ queryKey: queryKeys.notifications(userId) });
    } else if (e.type === 'end') {
      void qc.invalidateQueries({ queryKey: queryKeys.user() });
    }
  }, userId !== undefined);
}
