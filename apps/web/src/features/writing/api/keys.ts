export const writingKeys = {
  all: ['writing'] as const,
  mine: (email: string, page: number) => [...writingKeys.all, 'mine', email, page] as const,
};
