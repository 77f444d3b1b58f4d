import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const markNotificationRead = (id: number) =>
  api<unknown>(`/api/notifications/${id}/read`, { method: 'PUT' });

export const deleteNotification = (id: number) =>
  api<unknown>(`/api/notifications/${id}`, { method: 'DELETE' });

/** Mark-as-read; the list is refetched afterwards. */
export function useMarkNotificationRead(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.notifications(userId) }),
  });
}

/** Delete; the list is refetched afterwards. */
export function useDeleteNotification(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteNotification,
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.notifications(userId) }),
  });
}
