import { MyArticleSchema, type MyArticle } from '@dispatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { writingKeys } from './keys';

export function getMyArticles(email: string, signal?: AbortSignal): Promise<MyArticle[]> {
  return apiRequest(apiPaths.userArticles(email), MyArticleSchema.array(), { signal });
}

export function myArticlesQueryOptions(email: string) {
  return queryOptions({ queryKey: writingKeys.mine(email), queryFn: ({ signal }) => getMyArticles(email, signal) });
}

/** Needs the session's token, so no loader prefetches it (as with the profile). */
export function useMyArticles(email: string | undefined) {
  return useQuery({ ...myArticlesQueryOptions(email ?? ''), enabled: Boolean(email) });
}
