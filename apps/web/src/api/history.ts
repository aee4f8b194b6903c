import { HistoryPageSchema, LIMITS, type HistoryAction, type HistoryPage } from '@dispatch/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { apiPaths } from '../lib/paths';

// The record of editorial actions and admin decisions: the desk's History page.

export interface HistoryFilters {
  page: number;
  actor?: string;
  action?: HistoryAction;
  article?: string;
}

export const historyKeys = {
  all: ['history'] as const,
  page: (filters: HistoryFilters) => [...historyKeys.all, filters] as const,
};

export const HISTORY_PAGE_SIZE = LIMITS.pageSize.history;

export function getHistory(filters: HistoryFilters, signal?: AbortSignal): Promise<HistoryPage> {
  const { page, actor, action, article } = filters;
  return apiRequest(apiPaths.adminHistory, HistoryPageSchema, {
    query: {
      page,
      limit: HISTORY_PAGE_SIZE,
      ...(actor && { actor }),
      ...(action && { action }),
      ...(article && { article }),
    },
    signal,
  });
}

/** Keeps the previous page on screen while the next one loads. */
export function useHistory(filters: HistoryFilters) {
  return useQuery({
    queryKey: historyKeys.page(filters),
    queryFn: ({ signal }) => getHistory(filters, signal),
    placeholderData: keepPreviousData,
  });
}
