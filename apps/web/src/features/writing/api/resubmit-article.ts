import { ModifiedResponseSchema } from '@dispatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshArticle } from '../../../api/articles';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

export function resubmitArticle(id: string) {
  return apiRequest(apiPaths.resubmitArticle(id), ModifiedResponseSchema, { method: 'PATCH' });
}

/** Back to review: the article (its page, its timeline) and the lists it is in are read again. */
export function useResubmitArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resubmitArticle,
    onSettled: (_data, _error, id) => refreshArticle(queryClient, id),
  });
}
