export const dashboardKeys = {
  all: ['dashboard'] as const,
  articles: () => [...dashboardKeys.all, 'articles'] as const,
  articlePage: (page: number) => [...dashboardKeys.articles(), page] as const,
  users: () => [...dashboardKeys.all, 'users'] as const,
  userPage: (page: number) => [...dashboardKeys.users(), page] as const,
  charts: () => [...dashboardKeys.all, 'charts'] as const,
};
