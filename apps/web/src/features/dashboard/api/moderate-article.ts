import { DeletedResponseSchema, ModifiedResponseSchema } from '@dispatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshArticle } from '../../../api/articles';
import { historyKeys } from '../../../api/history';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

export type Moderation =
  | { action: 'approve'; id: string }
  | { action: 'decline'; id: string; reason: string }
  | { action: 'request-changes'; id: string; note: string }
  | { action: 'premium'; id: string }
  | { action: 'delete'; id: string };

/** One admin decision (docs/product.md#article-status's status machine); the server answers 409 to an illegal transition. */
export async function moderateArticle(moderation: Moderation): Promise<void> {
  switch (moderation.action) {
    case 'approve':
      await apiRequest(apiPaths.approveArticle(moderation.id), ModifiedResponseSchema, { method: 'PATCH' });
      return;
    case 'decline':
      await apiRequest(apiPaths.declineArticle(moderation.id), ModifiedResponseSchema, {
        method: 'PATCH',
        body: { reason: moderation.reason },
      });
      return;
    case 'request-changes':
      await apiRequest(apiPaths.requestChanges(moderation.id), ModifiedResponseSchema, {
        method: 'PATCH',
        body: { note: moderation.note },
      });
      return;
    case 'premium':
      await apiRequest(apiPaths.makeArticlePremium(moderation.id), ModifiedResponseSchema, { method: 'PATCH' });
      return;
    case 'delete':
      await apiRequest(apiPaths.article(moderation.id), DeletedResponseSchema, { method: 'DELETE' });
  }
}

/**
 * Every decision changes the article, the lists it is in (the desk's and the readers') and the charts, and
 * adds to the history. Also after a refusal: a 409 means someone else decided first, and the lists should
 * show what they did.
 */
export function useModerateArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderateArticle,
    onSettled: (_data, _error, { id }) =>
      Promise.all([refreshArticle(queryClient, id), queryClient.invalidateQueries({ queryKey: historyKeys.all })]),
  });
}
