import { LIMITS, type Notification } from '@villas/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The query key is the URL (seed 000 §7): GET /api/notifications/{userId}. */
export const notificationsQueryKey = (userId: number) => [`/api/notifications/${userId}`] as const;

/** The user's notifications, newest first, polled every 30 s (seed 000 §9). */
export const notificationsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: notificationsQueryKey(userId),
    queryFn: ({ signal }) => api<Notification[]>(`/api/notifications/${userId}`, { signal }),
    refetchInterval: LIMITS.notificationPollMs,
  });

export const useNotifications = (userId: number) => useQuery(notificationsQueryOptions(userId));
