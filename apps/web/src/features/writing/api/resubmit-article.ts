import { ModifiedResponseSchema } from '@dispatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { writingKeys } from './keys';

export function resubmitArticle(id: string) {
  return apiRequest(apiPaths.resubmitArticle(id), ModifiedResponseSchema, { method: 'PATCH' });
}

/** Back to review: the writer's list, the article's timeline and its page are read again. */
export function useResubmitArticle(onDone?: (id: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resubmitArticle,
    onSettled: (_data, _error, id) => {
      onDone?.(id);
      return queryClient.invalidateQueries({ queryKey: writingKeys.all });
    },
  });
}
