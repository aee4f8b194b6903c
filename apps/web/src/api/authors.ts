import type { AuthorPage } from '@dispatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../lib/api-client';
import { pageSearch } from '../lib/page-param';
import { apiPaths } from '../lib/paths';

// Author pages (docs/product.md#author-pages): the author and a page of their approved articles, for anyone.

export const authorKeys = {
  all: ['authors'] as const,
  page: (slug: string, page: number) => [...authorKeys.all, slug, page] as const,
};

export function getAuthorPage(slug: string, page: number, signal?: AbortSignal): Promise<AuthorPage> {
  return apiRequest(`${apiPaths.author(slug)}${pageSearch(page)}`, lazySchema('author'), { signal });
}

export function authorPageQueryOptions(slug: string, page: number) {
  return queryOptions({
    queryKey: authorKeys.page(slug, page),
    queryFn: ({ signal }) => getAuthorPage(slug, page, signal),
  });
}

/**
 * The server's 404 in the page state is shown, not fetched again on mount; the same author's next page keeps the one
 * shown until it comes.
 */
export function useAuthorPage(slug: string, page: number) {
  return useQuery({
    ...authorPageQueryOptions(slug, page),
    retryOnMount: false,
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === slug ? previous : undefined),
  });
}
