import { ArticleReadersSchema, type AdminArticle } from '@dispatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshArticle } from '../../../api/articles';
import { historyKeys } from '../../../api/history';
import { apiRequest } from '../../../lib/api-client';

/** Its address stays here, with the desk's lazy code, rather than in lib/paths.ts, which the home page loads. */
const readersPath = (id: string) => `/api/admin/articles/${encodeURIComponent(id)}/readers`;

/**
 * Keeps one article for signed-in readers, or opens it again to whoever the site's setting lets read
 * (docs/product.md#who-reads-what).
 */
export function setArticleReaders({ id, signedInOnly }: { id: string; signedInOnly: boolean }) {
  return apiRequest(readersPath(id), ArticleReadersSchema, { method: 'PUT', body: { signedInOnly } });
}

/** The article, the lists that show it (the desk's badge) and History change; after a refusal too. */
export function useSetArticleReaders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setArticleReaders,
    onSettled: (_data, _error, { id }) =>
      Promise.all([refreshArticle(queryClient, id), queryClient.invalidateQueries({ queryKey: historyKeys.all })]),
  });
}

export type ReadersArticle = Pick<AdminArticle, '_id' | 'signedInOnly'>;
