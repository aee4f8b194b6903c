import type { TrendingArticle } from '@dispatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { articleKeys } from './keys';

export function getTrendingArticles(signal?: AbortSignal): Promise<TrendingArticle[]> {
  return apiRequest(apiPaths.trendingArticles, lazySchema('trending'), { signal });
}

export function trendingArticlesQueryOptions() {
  return queryOptions({ queryKey: articleKeys.trending(), queryFn: ({ signal }) => getTrendingArticles(signal) });
}

export function useTrendingArticles() {
  return useQuery(trendingArticlesQueryOptions());
}
