export const correctionKeys = {
  all: ['corrections'] as const,
  article: (id: string) => [...correctionKeys.all, 'article', id] as const,
  page: (page: number) => [...correctionKeys.all, 'page', page] as const,
};
