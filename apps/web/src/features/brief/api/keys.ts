/** The brief's query keys: the reader's own subscription, the public archive, and the editor's views. */
export const briefKeys = {
  all: ['brief'] as const,
  me: () => [...briefKeys.all, 'me'] as const,
  archive: (page: number) => [...briefKeys.all, 'archive', page] as const,
  sends: () => [...briefKeys.all, 'sends'] as const,
  preview: (email: string) => [...briefKeys.all, 'preview', email] as const,
};
