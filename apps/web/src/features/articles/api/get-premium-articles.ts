import { LIMITS, type ArticlePage } from '@dispatch/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { articleKeys } from './keys';

export const PREMIUM_PAGE_SIZE = LIMITS.pageSize.premium;

// Under articleKeys.all, so whatever refreshes the article lists (an article made premium) refreshes this one too.
export const premiumArticleKeys = {
  lists: () => [...articleKeys.all, 'premium'] as const,
  list: (page: number) => [...premiumArticleKeys.lists(), { page }] as const,
};

/** The list's query, in the address or the server's read of it. */
export const premiumArticlesQuery = (page: number) => ({ page: page > 1 ? page : undefined, limit: PREMIUM_PAGE_SIZE });

export function getPremiumArticles(page: number, signal?: AbortSignal): Promise<ArticlePage> {
  return apiRequest(apiPaths.premiumArticles, lazySchema('articlePage'), { query: premiumArticlesQuery(page), signal });
}

export function premiumArticlesQueryOptions(page: number) {
  return queryOptions({
    queryKey: premiumArticleKeys.list(page),
    queryFn: ({ signal }) => getPremiumArticles(page, signal),
  });
}

/**
 * No route loader prefetches this: loaders run before the session is known, and the list needs the
 * token. The previous page stays on screen while the next one loads.
 */
export function usePremiumArticles(page: number) {
  return useQuery({ ...premiumArticlesQueryOptions(page), placeholderData: keepPreviousData });
}
