import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateUsers } from './keys';

export const deleteUser = (id: number) => api<{ ok: true }>(`/api/admin/users/${id}`, { method: 'DELETE' });

/** DELETE /api/admin/users/{id}: a delete, or the rejection of an application. */
export function useDeleteUser() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteUser, onSuccess: () => invalidateUsers(qc) });
}
