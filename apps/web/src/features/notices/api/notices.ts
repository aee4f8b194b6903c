import {
  MailPreferencesSchema,
  NoticeListSchema,
  UnreadCountSchema,
  UnsubscribeResultSchema,
  VerificationSentSchema,
  VerifyEmailResultSchema,
  type NoticeKind,
} from '@dispatch/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

export const noticeKeys = {
  all: ['notices'] as const,
  unread: () => [...noticeKeys.all, 'unread'] as const,
  list: () => [...noticeKeys.all, 'list'] as const,
  preferences: () => [...noticeKeys.all, 'preferences'] as const,
};

// The bell looks again every minute and whenever the reader comes back to the tab.
const UNREAD_POLL_MS = 60_000;

export function useUnreadCount() {
  return useQuery({
    queryKey: noticeKeys.unread(),
    queryFn: ({ signal }) => apiRequest(apiPaths.unreadNotices, UnreadCountSchema, { signal }),
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
  });
}

export function useNotices(enabled: boolean) {
  return useQuery({
    queryKey: noticeKeys.list(),
    queryFn: ({ signal }) => apiRequest(apiPaths.notices, NoticeListSchema, { signal }),
    enabled,
    // Fetched again each time the list opens.
    staleTime: 0,
  });
}

/**
 * Marks the notices up to `upTo` read (all without it); the count on the bell follows the answer. The open
 * list keeps what it shows: the notices that were new stay marked so until it is opened again.
 */
export function useMarkNoticesRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upTo?: string) =>
      apiRequest(apiPaths.markNoticesRead, UnreadCountSchema, { method: 'POST', body: upTo ? { upTo } : {} }),
    onSuccess: (answer) => queryClient.setQueryData(noticeKeys.unread(), answer),
  });
}

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
