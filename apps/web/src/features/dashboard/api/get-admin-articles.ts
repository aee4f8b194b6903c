import { AdminArticlePageSchema, LIMITS, type AdminArticlePage } from '@dispatch/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { dashboardKeys, type AdminArticleFilters } from './keys';

export const ADMIN_ARTICLES_PAGE_SIZE = LIMITS.pageSize.adminArticles;

export function getAdminArticles(filters: AdminArticleFilters, signal?: AbortSignal): Promise<AdminArticlePage> {
  const { page, status, search } = filters;
  return apiRequest(apiPaths.adminArticles, AdminArticlePageSchema, {
    query: { page, limit: ADMIN_ARTICLES_PAGE_SIZE, ...(status && { status }), ...(search && { q: search }) },
    signal,
  });
}

/** Keeps the previous page on screen while the next one loads. */
export function useAdminArticles(filters: AdminArticleFilters) {
  return useQuery({
    queryKey: dashboardKeys.articlePage(filters),
    queryFn: ({ signal }) => getAdminArticles(filters, signal),
    placeholderData: keepPreviousData,
  });
}
