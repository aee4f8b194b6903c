import type { ArticleStatus, HistoryAction } from '@dispatch/shared';

export interface HistoryFilters {
  page: number;
  actor?: string;
  action?: HistoryAction;
  article?: string;
}

export const dashboardKeys = {
  all: ['dashboard'] as const,
  articles: () => [...dashboardKeys.all, 'articles'] as const,
  articlePage: (page: number, status?: ArticleStatus) => [...dashboardKeys.articles(), page, status ?? 'all'] as const,
  review: (id: string) => [...dashboardKeys.articles(), 'review', id] as const,
  users: () => [...dashboardKeys.all, 'users'] as const,
  userPage: (page: number) => [...dashboardKeys.users(), page] as const,
  charts: () => [...dashboardKeys.all, 'charts'] as const,
  history: () => [...dashboardKeys.all, 'history'] as const,
  historyPage: (filters: HistoryFilters) => [...dashboardKeys.history(), filters] as const,
};
