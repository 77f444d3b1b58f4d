import type { UpdateUserInput, User } from '@villas/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateUsers } from './keys';

export const updateUser = ({ id, input }: { id: number; input: UpdateUserInput }) =>
  api<User>(`/api/admin/users/${id}`, { method: 'PUT', body: input });

/** PUT /api/admin/users/{id}: an edit, or an approval with only `{approved: true}`. */
export function useUpdateUser() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateUser, onSuccess: () => invalidateUsers(qc) });
}
