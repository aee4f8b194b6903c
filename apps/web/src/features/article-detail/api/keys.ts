export const articleDetailKeys = {
  all: ['article-detail'] as const,
  detail: (id: string) => [...articleDetailKeys.all, id] as const,
  /** Opened through a gift link: its own answer, which may differ from the one without. */
  gifted: (id: string, gift: string) => [...articleDetailKeys.all, id, 'gift', gift] as const,
  preview: (id: string) => [...articleDetailKeys.all, id, 'preview'] as const,
};
