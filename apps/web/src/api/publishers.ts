import type { Publisher } from '@dispatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../lib/api-client';
import { apiPaths } from '../lib/paths';

// The publishers readers see: the list and one publisher's page. The dashboard's are in publishers-admin.ts, out of
// the home page's first load.

export const publisherKeys = {
  all: ['publishers'] as const,
  list: () => [...publisherKeys.all, 'list'] as const,
  bySlug: (slug: string) => [...publisherKeys.all, 'slug', slug] as const,
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

export function getPublisher(slug: string, signal?: AbortSignal): Promise<Publisher> {
  return apiRequest(apiPaths.publisher(slug), lazySchema('publisher'), { signal });
}

/** A publisher's page: looked up by the slug in its address. */
export function publisherQueryOptions(slug: string) {
  return queryOptions({ queryKey: publisherKeys.bySlug(slug), queryFn: ({ signal }) => getPublisher(slug, signal) });
}

/** The server's 404 in the page state is shown, not fetched again on mount (it would render as loading). */
export function usePublisher(slug: string) {
  return useQuery({ ...publisherQueryOptions(slug), retryOnMount: false });
}
