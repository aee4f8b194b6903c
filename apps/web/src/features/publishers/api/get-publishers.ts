import type { Publisher } from '@dispatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

export const publisherKeys = {
  all: ['publishers'] as const,
  list: () => [...publisherKeys.all, 'list'] as const,
  /** The dashboard's list with article counts: under `all`, so adding a publisher refreshes it too. */
  counts: () => [...publisherKeys.all, 'counts'] as const,
};

export function getPublishers(signal?: AbortSignal): Promise<Publisher[]> {
  return apiRequest(apiPaths.publishers, lazySchema('publishers'), { signal });
}

export function publishersQueryOptions() {
  return queryOptions({ queryKey: publisherKeys.list(), queryFn: ({ signal }) => getPublishers(signal) });
}

export function usePublishers() {
  return useQuery(publishersQueryOptions());
}
