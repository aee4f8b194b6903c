export const writingKeys = {
  all: ['writing'] as const,
  mine: (email: string, page: number) => [...writingKeys.all, 'mine', email, page] as const,
  article: (id: string) => [...writingKeys.all, 'article', id] as const,
  revisions: (id: string) => [...writingKeys.article(id), 'revisions'] as const,
  timeline: (id: string) => [...writingKeys.article(id), 'timeline'] as const,
};
