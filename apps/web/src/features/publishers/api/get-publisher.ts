import { type Publisher } from '@dispatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { publisherKeys } from './get-publishers';

export function getPublisher(slug: string, signal?: AbortSignal): Promise<Publisher> {
  return apiRequest(apiPaths.publisher(slug), lazySchema('publisher'), { signal });
}

/** A publisher's page: looked up by the slug in its address. */
export function publisherQueryOptions(slug: string) {
  return queryOptions({
    queryKey: [...publisherKeys.all, 'slug', slug] as const,
    queryFn: ({ signal }) => getPublisher(slug, signal),
  });
}

/** The server's 404 in the page state is shown, not fetched again on mount (it would render as loading). */
export function usePublisher(slug: string) {
  return useQuery({ ...publisherQueryOptions(slug), retryOnMount: false });
}
