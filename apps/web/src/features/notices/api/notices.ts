import { useMutation, useQueryClient } from '@tanstack/react-query';
import { noticeKeys } from '../../../api/notices';
import { apiRequest, liveSchema } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

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
