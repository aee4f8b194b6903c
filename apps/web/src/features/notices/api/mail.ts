import {
  MailPreferencesSchema,
  UnsubscribeResultSchema,
  VerificationSentSchema,
  VerifyEmailResultSchema,
  type NoticeKind,
} from '@dispatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { noticeKeys } from '../../../api/notices';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

export function useSaveMailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (optOuts: NoticeKind[]) =>
      apiRequest(apiPaths.mailPreferences, MailPreferencesSchema, { method: 'PUT', body: { optOuts } }),
    onSuccess: (answer) => queryClient.setQueryData(noticeKeys.preferences(), answer),
  });
}

export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest(apiPaths.unsubscribe, UnsubscribeResultSchema, { method: 'POST', body: { token } }),
  });
}

export function useVerifyEmail() {
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest(apiPaths.verifyEmail, VerifyEmailResultSchema, { method: 'POST', body: { token } }),
  });
}

/** A new link to verify the signed-in reader's address (one every 10 minutes, the server says). */
export function useResendVerification() {
  return useMutation({
    mutationFn: () => apiRequest(apiPaths.resendVerification, VerificationSentSchema, { method: 'POST' }),
  });
}
