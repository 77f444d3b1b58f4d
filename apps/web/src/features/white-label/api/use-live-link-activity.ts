import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvents } from '../../../lib/live-events';
import { invalidateLinkLists, invalidateWhiteLabelLists } from './keys';

/**
 * Keeps My Dashboard live: a client's view refetches the links (their view counts), a booking
 * request or an inquiry's new status refetches every link and inquiry list (the management dialog's
 * too, at once if open, else when it opens), and so does a `resync`. Mount once per page.
 */
export function useLiveLinkActivity() {
  const qc = useQueryClient();
  useLiveEvents((e) => {
    if (e.type === 'link-view') {
      void invalidateLinkLists(qc);
    } else if (e.type === 'inquiry' || e.type === 'resync') {
      void invalidateWhiteLabelLists(qc);
    }
  });
}
