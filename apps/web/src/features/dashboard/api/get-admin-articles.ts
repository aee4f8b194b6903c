import { AdminArticlePageSchema, LIMITS, type AdminArticlePage, type ArticleStatus } from '@dispatch/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { dashboardKeys } from './keys';

export const ADMIN_ARTICLES_PAGE_SIZE = LIMITS.pageSize.adminArticles;

export function getAdminArticles(
  page: number,
  status?: ArticleStatus,
  signal?: AbortSignal,
): Promise<AdminArticlePage> {
  return apiRequest(apiPaths.adminArticles, AdminArticlePageSchema, {
    query: { page, limit: ADMIN_ARTICLES_PAGE_SIZE, ...(status && { status }) },
    signal,
  });
}

/** Keeps the previous page on screen while the next one loads. */
export function useAdminArticles(page: number, status?: ArticleStatus) {
  return useQuery({
    queryKey: dashboardKeys.articlePage(page, status),
    queryFn: ({ signal }) => getAdminArticles(page, status, signal),
    placeholderData: keepPreviousData,
  });
}
