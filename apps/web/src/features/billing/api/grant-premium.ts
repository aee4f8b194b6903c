import { UserSchema } from '@dispatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingKeys } from '../../../api/billing';
import { userKeys } from '../../../api/users';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

/**
 * An admin's complimentary premium until a date (the later of it and what the reader has wins, on the server).
 * The reader's billing is read again, and the users' lists, which show premium.
 */
export function useGrantPremium(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (until: Date) =>
      apiRequest(apiPaths.grantPremium(email), UserSchema, {
        method: 'PATCH',
        body: { premiumTaken: until.toISOString() },
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: userKeys.all }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: billingKeys.of(email) }),
  });
}
