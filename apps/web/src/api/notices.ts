import { useQuery } from '@tanstack/react-query';
import { apiRequest, lazySchema, liveSchema } from '../lib/api-client';
import { apiPaths } from '../lib/paths';

/**
 * The notices: the bell's count and list, and the mail settings (read in mail.ts, whose answers' schemas load
 * with it: the bell's load lazily, apart from the rest).
 */
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
