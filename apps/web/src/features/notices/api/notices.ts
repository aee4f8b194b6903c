import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, lazySchema, liveSchema } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

/** The bell's queries (the mail settings' are in mail.ts): its answers' schemas load lazily, apart from the rest. */
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
    queryFn: ({ signal }) => apiRequest(apiPaths.unreadNotices, liveSchema('unread'), { signal }),
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
  });
}

export function useNotices(enabled: boolean) {
  return useQuery({
    queryKey: noticeKeys.list(),
    queryFn: ({ signal }) => apiRequest(apiPaths.notices, lazySchema('noticeList'), { signal }),
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
      apiRequest(apiPaths.markNoticesRead, liveSchema('unread'), { method: 'POST', body: upTo ? { upTo } : {} }),
    onSuccess: (answer) => queryClient.setQueryData(noticeKeys.unread(), answer),
  });
}
