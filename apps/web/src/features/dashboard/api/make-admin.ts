import { UserSchema } from '@dispatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { dashboardKeys } from './keys';

export function makeAdmin(id: string) {
  return apiRequest(apiPaths.makeAdmin(id), UserSchema, { method: 'PATCH' });
}

export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeAdmin,
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.users() }),
  });
}
