export const articleDetailKeys = {
  all: ['article-detail'] as const,
  detail: (id: string) => [...articleDetailKeys.all, id] as const,
  preview: (id: string) => [...articleDetailKeys.all, id, 'preview'] as const,
};
