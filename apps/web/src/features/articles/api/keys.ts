export interface ApprovedArticlesFilters {
  search: string;
  publisher: string;
  tag: string;
  page: number;
}

export const articleKeys = {
  all: ['articles'] as const,
  approvedLists: () => [...articleKeys.all, 'approved'] as const,
  approved: (filters: ApprovedArticlesFilters) => [...articleKeys.approvedLists(), filters] as const,
  trending: () => [...articleKeys.all, 'trending'] as const,
  related: (id: string) => [...articleKeys.all, 'related', id] as const,
};
