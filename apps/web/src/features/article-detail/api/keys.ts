export const articleDetailKeys = {
  all: ['article-detail'] as const,
  detail: (id: string) => [...articleDetailKeys.all, id] as const,
};
