import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { articleQueryOptions } from '../../../api/articles-public';

/** Spends one of this month's free reads on a premium article: the answer is the article in full. */
export function spendFreeRead(id: string) {
  return apiRequest(apiPaths.articleFreeRead(id), lazySchema('article'), { method: 'POST' });
}

/** The page's article becomes the answer: the whole text when the read was spent, the teaser when none was left. */
export function useSpendFreeRead(id: string, gift: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => spendFreeRead(id),
    onSuccess: (detail) => queryClient.setQueryData(articleQueryOptions(id, gift).queryKey, detail),
  });
}
