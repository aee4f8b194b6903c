import { LIMITS, MyArticlePageSchema, type MyArticlePage } from '@dispatch/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { writingKeys } from './keys';

export const MY_ARTICLES_PAGE_SIZE = LIMITS.pageSize.myArticles;

export function getMyArticles(email: string, page: number, signal?: AbortSignal): Promise<MyArticlePage> {
  return apiRequest(apiPaths.userArticles(email), MyArticlePageSchema, {
    query: { page, limit: MY_ARTICLES_PAGE_SIZE },
    signal,
  });
}

/** Needs the session's token, so no loader prefetches it (as with the profile). */
export function useMyArticles(email: string | undefined, page: number) {
  return useQuery({
    queryKey: writingKeys.mine(email ?? '', page),
    queryFn: ({ signal }) => getMyArticles(email ?? '', page, signal),
    enabled: Boolean(email),
    placeholderData: keepPreviousData,
  });
}
