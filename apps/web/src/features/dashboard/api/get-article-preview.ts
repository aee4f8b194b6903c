import { ArticleDetailSchema, type ArticleDetail } from '@dispatch/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { dashboardKeys } from './keys';

/** The whole article as an admin reads it (every status, the full text); reading it here counts no view. */
export function getArticlePreview(id: string, signal?: AbortSignal): Promise<ArticleDetail> {
  return apiRequest(apiPaths.article(id), ArticleDetailSchema, { signal });
}

/** Asked for only while the preview is open. */
export function useArticlePreview(id: string | null) {
  return useQuery({
    queryKey: dashboardKeys.preview(id ?? ''),
    queryFn: ({ signal }) => getArticlePreview(id ?? '', signal),
    enabled: id !== null,
  });
}
