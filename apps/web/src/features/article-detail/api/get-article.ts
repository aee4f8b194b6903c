import { type ArticleDetail } from '@dispatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { articleDetailKeys } from './keys';

/** The whole article for a reader who may read it, the teaser for one who may not (docs/architecture.md#a-request-from-route-to-row). */
export function getArticle(id: string, gift: string | undefined, signal?: AbortSignal): Promise<ArticleDetail> {
  return apiRequest(apiPaths.article(id, gift), lazySchema('article'), { signal });
}

/** `gift`: the token of a gift link the page was opened with (docs/product.md#reader-revenue). */
export function articleQueryOptions(id: string, gift?: string) {
  return queryOptions({
    queryKey: gift ? articleDetailKeys.gifted(id, gift) : articleDetailKeys.detail(id),
    queryFn: ({ signal }) => getArticle(id, gift, signal),
  });
}

/** A teaser that offers a free read or a pass's article the page did not spend (opened from another site, decision 040). */
const offersFreeRead = (detail: ArticleDetail | undefined) =>
  detail?.access === false && !!(detail.freeReadOffer ?? detail.passOffer);

/**
 * Needs the session's token, so no loader prefetches it. Not refetched on window focus: the page shows
 * one reading of the article, the one its view was counted for. An error already in the cache (the
 * server's 404 in the page state) is shown, not fetched again on mount: retrying would render it as
 * loading, in the server's HTML and through hydration. A teaser offering a free read is not fetched
 * again by itself either: fetching spends the read, which only the reader's click may do.
 */
export function useArticle(id: string, gift?: string) {
  const unlessOffered = (query: { state: { data?: ArticleDetail } }) => !offersFreeRead(query.state.data);
  return useQuery({
    ...articleQueryOptions(id, gift),
    refetchOnWindowFocus: false,
    retryOnMount: false,
    refetchOnMount: unlessOffered,
    refetchOnReconnect: unlessOffered,
  });
}
