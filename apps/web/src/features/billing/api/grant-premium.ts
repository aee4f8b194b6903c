import { UserSchema } from '@dispatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { billingKeys } from './get-billing-history';

/** An admin's complimentary premium until a date (the later of it and what the reader has wins, on the server). */
export function useGrantPremium(email: string, onGranted?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (until: Date) =>
      apiRequest(apiPaths.grantPremium(email), UserSchema, {
        method: 'PATCH',
        body: { premiumTaken: until.toISOString() },
      }),
    onSuccess: onGranted,
    onSettled: () => queryClient.invalidateQueries({ queryKey: billingKeys.of(email) }),
  });
}
