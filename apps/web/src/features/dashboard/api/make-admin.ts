import { UserSchema } from '@dispatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userKeys } from '../../../api/users';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

export function makeAdmin(id: string) {
  return apiRequest(apiPaths.makeAdmin(id), UserSchema, { method: 'PATCH' });
}

export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeAdmin,
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}
