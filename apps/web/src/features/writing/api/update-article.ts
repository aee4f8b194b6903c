import { ModifiedResponseSchema, type UpdateArticleInput } from '@dispatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshArticle } from '../../../api/articles';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

export function updateArticle(id: string, input: UpdateArticleInput) {
  return apiRequest(apiPaths.article(id), ModifiedResponseSchema, { method: 'PATCH', body: input });
}

/** An edit changes the article's page and can send it back to review: it and its lists are read again. */
export function useUpdateArticle(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateArticleInput) => updateArticle(id, input),
    onSuccess: () => refreshArticle(queryClient, id),
  });
}
