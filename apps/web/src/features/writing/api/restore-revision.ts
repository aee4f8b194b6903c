import { ModifiedResponseSchema } from '@dispatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshArticle } from '../../../api/articles';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

export function restoreRevision({ id, revisionId }: { id: string; revisionId: string }) {
  return apiRequest(apiPaths.restoreRevision(id, revisionId), ModifiedResponseSchema, { method: 'POST' });
}

/** A restore is a save: a new revision, perhaps a new status; everything about the article is read again. */
export function useRestoreRevision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreRevision,
    onSettled: (_data, _error, { id }) => refreshArticle(queryClient, id),
  });
}
