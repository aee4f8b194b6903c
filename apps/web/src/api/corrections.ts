import { CorrectionPageSchema, LIMITS, type ArticleCorrections, type CorrectionPage } from '@dispatch/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../lib/api-client';
import { apiPaths } from '../lib/paths';

// Corrections: an article's, under it, and the site-wide list on /corrections.

export const correctionKeys = {
  all: ['corrections'] as const,
  article: (id: string) => [...correctionKeys.all, 'article', id] as const,
  page: (page: number) => [...correctionKeys.all, 'page', page] as const,
};

export function getArticleCorrections(id: string, signal?: AbortSignal): Promise<ArticleCorrections> {
  return apiRequest(apiPaths.articleCorrections(id), lazySchema('articleCorrections'), { signal });
}

/** Public, for every reader of the article, premium or not. */
export function articleCorrectionsQueryOptions(id: string) {
  return queryOptions({
    queryKey: correctionKeys.article(id),
    queryFn: ({ signal }) => getArticleCorrections(id, signal),
  });
}

export const useArticleCorrections = (id: string) => useQuery(articleCorrectionsQueryOptions(id));

export const CORRECTIONS_PAGE_SIZE = LIMITS.pageSize.corrections;

/** The page's query, in the address or the server's read of it. */
export const correctionPageQuery = (page: number) => ({ page, limit: CORRECTIONS_PAGE_SIZE });

export function getCorrectionPage(page: number, signal?: AbortSignal): Promise<CorrectionPage> {
  return apiRequest(apiPaths.corrections, CorrectionPageSchema, { query: correctionPageQuery(page), signal });
}

export function correctionPageQueryOptions(page: number) {
  return queryOptions({
    queryKey: correctionKeys.page(page),
    queryFn: ({ signal }) => getCorrectionPage(page, signal),
  });
}

/** Keeps the previous page on screen while the next one loads. */
export function useCorrectionPage(page: number) {
  return useQuery({ ...correctionPageQueryOptions(page), placeholderData: keepPreviousData });
}
