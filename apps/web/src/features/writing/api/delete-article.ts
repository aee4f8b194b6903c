import { DeletedResponseSchema } from '@dispatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshArticle } from '../../../api/articles';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

export function deleteArticle(id: string) {
  return apiRequest(apiPaths.article(id), DeletedResponseSchema, { method: 'DELETE' });
}

/**
 * Deleting frees the writer's one-article slot (docs/architecture/server.md#articles); the article is
 * gone from every list, which is read again.
 */
export function useDeleteMyArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteArticle,
    onSuccess: (_answer, id) => refreshArticle(queryClient, id),
  });
}
