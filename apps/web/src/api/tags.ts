import type { Tag } from '@dispatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../lib/api-client';
import { apiPaths } from '../lib/paths';

// The tags readers and writers see (docs/product.md#tags): the list offered, and the tag a page address names.
// The dashboard's are in tags-admin.ts, out of the pages' chunks.

export const tagKeys = {
  all: ['tags'] as const,
  list: () => [...tagKeys.all, 'list'] as const,
  bySlug: (slug: string) => [...tagKeys.all, 'slug', slug] as const,
  /** The dashboard's list with article counts: under `all`, so every change refreshes the others too. */
  admin: () => [...tagKeys.all, 'admin'] as const,
};

export function getTags(signal?: AbortSignal): Promise<Tag[]> {
  return apiRequest(apiPaths.tags, lazySchema('tags'), { signal });
}

/** The active tags in their order: what the writer's picker, the filters, follows and parental controls offer. */
export function tagsQueryOptions() {
  return queryOptions({ queryKey: tagKeys.list(), queryFn: ({ signal }) => getTags(signal) });
}

export function useTags() {
  return useQuery(tagsQueryOptions());
}

/** The names of the active tags, once loaded. */
export function useTagNames(): { names: string[]; isPending: boolean; isError: boolean } {
  const tags = useTags();
  return { names: tags.data?.map((tag) => tag.name) ?? [], isPending: tags.isPending, isError: tags.isError };
}

export function getTag(slug: string, signal?: AbortSignal): Promise<Tag> {
  return apiRequest(apiPaths.tag(slug), lazySchema('tag'), { signal });
}

/** The tag a page's address names (its slug, an earlier slug, or its name in lower case). */
export function tagQueryOptions(slug: string) {
  return queryOptions({ queryKey: tagKeys.bySlug(slug), queryFn: ({ signal }) => getTag(slug, signal) });
}

/** The server's 404 in the page state is shown, not fetched again on mount (it would render as loading). */
export function useTag(slug: string) {
  return useQuery({ ...tagQueryOptions(slug), retryOnMount: false });
}
