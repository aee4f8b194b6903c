import { type ArticleCorrections } from '@dispatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { correctionKeys } from './keys';

export function getArticleCorrections(id: string, signal?: AbortSignal): Promise<ArticleCorrections> {
  return apiRequest(apiPaths.articleCorrections(id), lazySchema('articleCorrections'), { signal });
}

/** Public, for every reader of the article, premium or not. */
export function articleCorrectionsQueryOptions(id: string) {
  return queryOptions({
    queryKey: correctionKeys.article(id),
    queryFn: ({ signal }) => getArticleCorrections(id, signal),
  });
}

export const useArticleCorrections = (id: string) => useQuery(articleCorrectionsQueryOptions(id));
