import {
  MailPreferencesSchema,
  UnsubscribeResultSchema,
  VerificationSentSchema,
  VerifyEmailResultSchema,
  type NoticeKind,
} from '@dispatch/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { noticeKeys } from './notices';

export function useMailPreferences() {
  return useQuery({
    queryKey: noticeKeys.preferences(),
    queryFn: ({ signal }) => apiRequest(apiPaths.mailPreferences, MailPreferencesSchema, { signal }),
  });
}

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
