import { UserSchema, type UpdateProfileInput, type User } from '@dispatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userKeys } from '../../../api/users';
import { apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { apiPaths } from '../../../lib/paths';

export function updateProfile(email: string, input: UpdateProfileInput): Promise<User> {
  return apiRequest(apiPaths.updateUser(email), UserSchema, { method: 'PATCH', body: input });
}

/** Saves name and photo; the cached profile and the session's user (the navbar photo) take the answer. */
export function useUpdateProfile(email: string) {
  const queryClient = useQueryClient();
  const { setUser } = useAuth();
  return useMutation({
    mutationFn: (input: UpdateProfileInput) => updateProfile(email, input),
    onSuccess: (user) => {
      queryClient.setQueryData(userKeys.profile(email), user);
      setUser(user);
    },
  });
}
