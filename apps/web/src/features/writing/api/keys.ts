export const writingKeys = {
  all: ['writing'] as const,
  mine: (email: string) => [...writingKeys.all, 'mine', email] as const,
};
