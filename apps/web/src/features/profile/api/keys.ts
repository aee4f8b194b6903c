export const profileKeys = {
  all: ['profile'] as const,
  detail: (email: string) => [...profileKeys.all, email] as const,
};
