import { ChangePasswordResponseSchema, type ChangePasswordInput, type ChangePasswordResponse } from '@dispatch/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

export function changePassword(input: ChangePasswordInput): Promise<ChangePasswordResponse> {
  return apiRequest(apiPaths.changePassword, ChangePasswordResponseSchema, { method: 'POST', body: input });
}

/** This session stays signed in; the server ends the others, so nothing cached here changes. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
