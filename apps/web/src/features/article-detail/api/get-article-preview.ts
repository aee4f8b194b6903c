import { type ArticlePreview } from '@dispatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { articleDetailKeys } from './keys';

/** An approved article's preview for anyone: what a shared link shows before the login (decision 014). */
export function getArticlePreview(id: string, signal?: AbortSignal): Promise<ArticlePreview> {
  return apiRequest(apiPaths.articlePreview(id), lazySchema('articlePreview'), { signal });
}

export function articlePreviewQueryOptions(id: string) {
  return queryOptions({
    queryKey: articleDetailKeys.preview(id),
    queryFn: ({ signal }) => getArticlePreview(id, signal),
  });
}

/** Like useArticle, a 404 the page was rendered with is shown as it is, not retried on mount. */
export function useArticlePreview(id: string) {
  return useQuery({ ...articlePreviewQueryOptions(id), refetchOnWindowFocus: false, retryOnMount: false });
}
