import { DeletedResponseSchema } from '@dispatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { writingKeys } from './keys';

export function deleteArticle(id: string) {
  return apiRequest(apiPaths.article(id), DeletedResponseSchema, { method: 'DELETE' });
}

/** Deleting frees the writer's one-article slot (docs/architecture.md#a-request-from-route-to-row); the list is read again. */
export function useDeleteMyArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteArticle,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: writingKeys.all }),
  });
}
