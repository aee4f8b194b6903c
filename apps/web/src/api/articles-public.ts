import {
  LIMITS,
  type ArticleDetail,
  type ArticlePage,
  type ArticlePreview,
  type RelatedArticles,
} from '@dispatch/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../lib/api-client';
import { apiPaths } from '../lib/paths';
import { articleKeys, type ApprovedArticlesFilters } from './articles';

// What readers read: the approved and premium lists, an article, its preview and its related articles.

export const APPROVED_PAGE_SIZE = LIMITS.pageSize.approved;
export const PREMIUM_PAGE_SIZE = LIMITS.pageSize.premium;

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

/** The list's query, in the address or the server's read of it. */
export const premiumArticlesQuery = (page: number) => ({ page: page > 1 ? page : undefined, limit: PREMIUM_PAGE_SIZE });

export function getPremiumArticles(page: number, signal?: AbortSignal): Promise<ArticlePage> {
  return apiRequest(apiPaths.premiumArticles, lazySchema('articlePage'), { query: premiumArticlesQuery(page), signal });
}

export function premiumArticlesQueryOptions(page: number) {
  return queryOptions({
    queryKey: articleKeys.premium(page),
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

/** The cards closing an approved article's page: more from its publisher, more on its tag. */
export function getRelatedArticles(id: string, signal?: AbortSignal): Promise<RelatedArticles> {
  return apiRequest(apiPaths.articleRelated(id), lazySchema('related'), { signal });
}

export function relatedArticlesQueryOptions(id: string) {
  return queryOptions({ queryKey: articleKeys.related(id), queryFn: ({ signal }) => getRelatedArticles(id, signal) });
}

/** Only an approved article has them (the server answers 404 for any other). */
export function useRelatedArticles(id: string, approved: boolean) {
  return useQuery({ ...relatedArticlesQueryOptions(id), enabled: approved });
}

/**
 * The whole article for a reader who may read it (an admin reads every status), the teaser for one who may not
 * (docs/architecture/server.md#articles). Reading it counts no view.
 */
export function getArticle(id: string, gift: string | undefined, signal?: AbortSignal): Promise<ArticleDetail> {
  return apiRequest(apiPaths.article(id, gift), lazySchema('article'), { signal });
}

/** `gift`: the token of a gift link the page was opened with (docs/product.md#reader-revenue). */
export function articleQueryOptions(id: string, gift?: string) {
  return queryOptions({
    queryKey: gift ? articleKeys.gifted(id, gift) : articleKeys.detail(id),
    queryFn: ({ signal }) => getArticle(id, gift, signal),
  });
}

/**
 * What a visitor without a session may read of an article while the site opens free articles to anyone
 * (docs/product.md#who-reads-what): a free one in full, a premium one's teaser, a 401 for one kept for signed-in
 * readers. Kept apart from a reader's answer, which signing in brings in its place.
 */
export function visitorArticleQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...articleKeys.one(id), 'visitor'] as const,
    queryFn: ({ signal }) => getArticle(id, undefined, signal),
  });
}

/** Like useArticle: the answer the page was rendered with is shown, a refusal included, not fetched again on mount. */
export function useVisitorArticle(id: string, enabled: boolean) {
  return useQuery({ ...visitorArticleQueryOptions(id), enabled, refetchOnWindowFocus: false, retryOnMount: false });
}

/** A teaser that offers a free read or a pass's article the page did not spend (opened from another site). */
const offersFreeRead = (detail: ArticleDetail | undefined) =>
  detail?.access === false && !!(detail.freeReadOffer ?? detail.passOffer);

/**
 * Needs the session's token, so no loader prefetches it. Not refetched on window focus: the page shows
 * one reading of the article, the one its view was counted for. An error already in the cache (the
 * server's 404 in the page state) is shown, not fetched again on mount: retrying would render it as
 * loading, in the server's HTML and through hydration. A teaser offering a free read is not fetched
 * again by itself either: fetching spends the read, which only the reader's click may do.
 */
export function useArticle(id: string, gift?: string) {
  const unlessOffered = (query: { state: { data?: ArticleDetail } }) => !offersFreeRead(query.state.data);
  return useQuery({
    ...articleQueryOptions(id, gift),
    refetchOnWindowFocus: false,
    retryOnMount: false,
    refetchOnMount: unlessOffered,
    refetchOnReconnect: unlessOffered,
  });
}

/** An approved article's preview for anyone: what a shared link shows before the login. */
export function getArticlePreview(id: string, signal?: AbortSignal): Promise<ArticlePreview> {
  return apiRequest(apiPaths.articlePreview(id), lazySchema('articlePreview'), { signal });
}

export function articlePreviewQueryOptions(id: string) {
  return queryOptions({
    queryKey: articleKeys.preview(id),
    queryFn: ({ signal }) => getArticlePreview(id, signal),
  });
}

/** Like useArticle, a 404 the page was rendered with is shown as it is, not retried on mount. */
export function useArticlePreview(id: string) {
  return useQuery({ ...articlePreviewQueryOptions(id), refetchOnWindowFocus: false, retryOnMount: false });
}
