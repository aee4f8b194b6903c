import { ModifiedResponseSchema, type UpdateArticleInput } from '@dispatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { writingKeys } from './keys';

export function updateArticle(id: string, input: UpdateArticleInput) {
  return apiRequest(apiPaths.article(id), ModifiedResponseSchema, { method: 'PATCH', body: input });
}

/** An edit can send the article back to review, so the writer's list is read again. */
export function useUpdateArticle(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateArticleInput) => updateArticle(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: writingKeys.all }),
  });
}
