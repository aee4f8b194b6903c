import {
  AdminArticlePageSchema,
  ArticleReviewSchema,
  ChartsSchema,
  DeskSummarySchema,
  LIMITS,
  type AdminArticlePage,
  type ArticleReview,
  type Charts,
  type DeskSummary,
} from '@dispatch/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { apiPaths } from '../lib/paths';
import { articleKeys, type AdminArticleFilters } from './articles';

// What the desk reads: every article, the changes under review, the charts (an article itself: articles-public.ts).

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
    queryKey: articleKeys.desk(filters),
    queryFn: ({ signal }) => getAdminArticles(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function getArticleReview(id: string, signal?: AbortSignal): Promise<ArticleReview> {
  return apiRequest(apiPaths.articleReview(id), ArticleReviewSchema, { signal });
}

/** The version reviewed at the last 'Request changes' and the current one; asked for only while the diff is open. */
export function useArticleReview(id: string | null) {
  return useQuery({
    queryKey: articleKeys.review(id ?? ''),
    queryFn: ({ signal }) => getArticleReview(id ?? '', signal),
    enabled: id !== null,
  });
}

export function getCharts(signal?: AbortSignal): Promise<Charts> {
  return apiRequest(apiPaths.dashboardCharts, ChartsSchema, { signal });
}

export function useCharts() {
  return useQuery({ queryKey: articleKeys.charts(), queryFn: ({ signal }) => getCharts(signal) });
}

/** The Overview's panel, counting "today" from `dayStart`, the editor's midnight as an ISO moment. */
export function getDeskSummary(dayStart: string, signal?: AbortSignal): Promise<DeskSummary> {
  return apiRequest(apiPaths.deskSummary, DeskSummarySchema, { query: { dayStart }, signal });
}

/**
 * Among the lists, so that any change to an article reads it again; its key lives here, not in `articleKeys`, to stay
 * out of the home page's first load.
 */
const deskSummaryKey = (dayStart: string) => [...articleKeys.lists(), 'desk-summary', dayStart] as const;

/** Read again each minute while the Overview is open, so the oldest wait and the counts stay current. */
export function useDeskSummary(dayStart: string) {
  return useQuery({
    queryKey: deskSummaryKey(dayStart),
    queryFn: ({ signal }) => getDeskSummary(dayStart, signal),
    refetchInterval: 60_000,
  });
}
