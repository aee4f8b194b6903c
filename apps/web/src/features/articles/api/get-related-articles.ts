import { type RelatedArticles } from '@dispatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { articleKeys } from './keys';

/** The cards closing an approved article's page: more from its publisher, more on its tag. */
export function getRelatedArticles(id: string, signal?: AbortSignal): Promise<RelatedArticles> {
  return apiRequest(apiPaths.articleRelated(id), lazySchema('related'), { signal });
}

export function relatedArticlesQueryOptions(id: string) {
  return queryOptions({ queryKey: articleKeys.related(id), queryFn: ({ signal }) => getRelatedArticles(id, signal) });
}

/** Only an approved article has them (the server answers 404 for any other). */
export function useRelatedArticles(id: string, approved: boolean) {
  return useQuery({ ...relatedArticlesQueryOptions(id), enabled: approved });
}
