import type { ArticleStatus, TrendingArticle } from '@dispatch/shared';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../lib/api-client';
import { apiPaths } from '../lib/paths';

/*
 * Articles, the resource: its one key factory, what a change to an article refreshes, and the front page's
 * trending list. The home page's first load holds this module whole, so every other read of articles is in
 * articles-public.ts, articles-writer.ts and articles-admin.ts, by audience as on the server
 * (docs/decisions/011-page-weight-and-audits.md).
 */

export interface ApprovedArticlesFilters {
  search: string;
  publisher: string;
  tag: string;
  page: number;
}

/** The desk's filter: one status or all, and a search of the title and the author. */
export interface AdminArticleFilters {
  page: number;
  status?: ArticleStatus;
  search?: string;
}

export const articleKeys = {
  all: ['articles'] as const,
  /** Whatever shows many articles, the desk's charts included: a change to any article can change each of them. */
  lists: () => [...articleKeys.all, 'lists'] as const,
  approvedLists: () => [...articleKeys.lists(), 'approved'] as const,
  approved: (filters: ApprovedArticlesFilters) => [...articleKeys.approvedLists(), filters] as const,
  trending: () => [...articleKeys.lists(), 'trending'] as const,
  premium: (page: number) => [...articleKeys.lists(), 'premium', page] as const,
  /** The cards under an article: other articles, so a list. */
  related: (id: string) => [...articleKeys.lists(), 'related', id] as const,
  mine: (email: string, page: number) => [...articleKeys.lists(), 'mine', email, page] as const,
  desk: (filters: AdminArticleFilters) => [...articleKeys.lists(), 'desk', filters] as const,
  charts: () => [...articleKeys.lists(), 'charts'] as const,
  /** Everything about one article. */
  one: (id: string) => [...articleKeys.all, 'one', id] as const,
  /** As its page shows it (and the desk's preview). */
  detail: (id: string) => [...articleKeys.one(id), 'detail'] as const,
  /** Opened through a gift link: its own answer, which may differ from the one without. */
  gifted: (id: string, gift: string) => [...articleKeys.one(id), 'gift', gift] as const,
  preview: (id: string) => [...articleKeys.one(id), 'preview'] as const,
  review: (id: string) => [...articleKeys.one(id), 'review'] as const,
  revisions: (id: string) => [...articleKeys.one(id), 'revisions'] as const,
  timeline: (id: string) => [...articleKeys.one(id), 'timeline'] as const,
};

/**
 * After a change to an article (written, moderated, corrected, deleted): every query of it and every list it is
 * or was in are read again, wherever they show: the desk's decision refreshes the reader's list too.
 */
export function refreshArticle(queryClient: QueryClient, id: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: articleKeys.one(id) }),
    queryClient.invalidateQueries({ queryKey: articleKeys.lists() }),
  ]);
}

export function getTrendingArticles(signal?: AbortSignal): Promise<TrendingArticle[]> {
  return apiRequest(apiPaths.trendingArticles, lazySchema('trending'), { signal });
}

export function trendingArticlesQueryOptions() {
  return queryOptions({ queryKey: articleKeys.trending(), queryFn: ({ signal }) => getTrendingArticles(signal) });
}

export function useTrendingArticles() {
  return useQuery(trendingArticlesQueryOptions());
}
