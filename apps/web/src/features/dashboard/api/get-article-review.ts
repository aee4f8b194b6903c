import { ArticleReviewSchema, type ArticleReview } from '@dispatch/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { dashboardKeys } from './keys';

export function getArticleReview(id: string, signal?: AbortSignal): Promise<ArticleReview> {
  return apiRequest(apiPaths.articleReview(id), ArticleReviewSchema, { signal });
}

/** The version reviewed at the last 'Request changes' and the current one; asked for only while the diff is open. */
export function useArticleReview(id: string | null) {
  return useQuery({
    queryKey: dashboardKeys.review(id ?? ''),
    queryFn: ({ signal }) => getArticleReview(id ?? '', signal),
    enabled: id !== null,
  });
}
