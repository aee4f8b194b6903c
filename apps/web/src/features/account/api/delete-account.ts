import { DeleteAccountResponseSchema, type DeleteAccountInput } from '@dispatch/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

/** Deletes the signed-in reader's account; the server ends every session. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (input: DeleteAccountInput) =>
      apiRequest(apiPaths.deleteAccount, DeleteAccountResponseSchema, { method: 'POST', body: input }),
  });
}
