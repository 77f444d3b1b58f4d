import { LIMITS, type Notification } from '@villas/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The user's notifications, newest first, polled every 30 s. */
export const notificationsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: queryKeys.notifications(userId),
    queryFn: ({ signal }) => api<Notification[]>(`/api/notifications/${userId}`, { signal }),
    refetchInterval: LIMITS.notificationPollMs,
  });

export const useNotifications = (userId: number) => useQuery(notificationsQueryOptions(userId));
