import { LIMITS, type ArticlePage } from '@dispatch/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { articleKeys, type ApprovedArticlesFilters } from './keys';

export const APPROVED_PAGE_SIZE = LIMITS.pageSize.approved;

/** The list's query, in the address or the server's read of it. */
export const approvedArticlesQuery = (filters: ApprovedArticlesFilters) => ({
  ...filters,
  page: filters.page > 1 ? filters.page : undefined,
  limit: APPROVED_PAGE_SIZE,
});

export function getApprovedArticles(filters: ApprovedArticlesFilters, signal?: AbortSignal): Promise<ArticlePage> {
  return apiRequest(apiPaths.approvedArticles, lazySchema('articlePage'), {
    query: approvedArticlesQuery(filters),
    signal,
  });
}

export function approvedArticlesQueryOptions(filters: ApprovedArticlesFilters) {
  return queryOptions({
    queryKey: articleKeys.approved(filters),
    queryFn: ({ signal }) => getApprovedArticles(filters, signal),
  });
}

/** Keeps the previous page on screen while the next one loads, so paging does not flash. */
export function useApprovedArticles(filters: ApprovedArticlesFilters) {
  return useQuery({ ...approvedArticlesQueryOptions(filters), placeholderData: keepPreviousData });
}
