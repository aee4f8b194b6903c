import type { ArticleStatus, HistoryAction } from '@dispatch/shared';

export interface HistoryFilters {
  page: number;
  actor?: string;
  action?: HistoryAction;
  article?: string;
}

/** The admin list's filter: one status or all, and a search of the title and the author. */
export interface AdminArticleFilters {
  page: number;
  status?: ArticleStatus;
  search?: string;
}

export const dashboardKeys = {
  all: ['dashboard'] as const,
  articles: () => [...dashboardKeys.all, 'articles'] as const,
  articlePage: (filters: AdminArticleFilters) => [...dashboardKeys.articles(), filters] as const,
  preview: (id: string) => [...dashboardKeys.articles(), 'preview', id] as const,
  review: (id: string) => [...dashboardKeys.articles(), 'review', id] as const,
  users: () => [...dashboardKeys.all, 'users'] as const,
  userPage: (page: number, search?: string) => [...dashboardKeys.users(), page, search ?? ''] as const,
  publishers: () => [...dashboardKeys.all, 'publishers'] as const,
  charts: () => [...dashboardKeys.all, 'charts'] as const,
  history: () => [...dashboardKeys.all, 'history'] as const,
  historyPage: (filters: HistoryFilters) => [...dashboardKeys.history(), filters] as const,
};
