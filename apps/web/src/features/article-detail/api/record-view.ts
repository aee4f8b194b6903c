import { type ArticleDetail } from '@dispatch/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiRequest, liveSchema } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { articleQueryOptions, visitorArticleQueryOptions } from '../../../api/articles-public';

/** `gift`: the gift link's token the page was opened with, which lets its reader's view count. */
export function recordView(id: string, gift: string | undefined) {
  return apiRequest(apiPaths.articleViews(id, gift), liveSchema('views'), { method: 'PATCH' });
}

/**
 * docs/product.md#views: one view per page load of an article the reader may read, by access of their own,
 * the meter or a gift link (a visitor's, while the site opens free articles to anyone, once a day). The ref
 * remembers which article this page already counted, so StrictMode's second effect run and re-renders do not
 * count again; a teaser is never counted (the server refuses it). The answer's total replaces the one shown (the
 * visitor's answer for a `visitor`).
 */
export function useRecordView(id: string, readable: boolean, gift: string | undefined, visitor = false) {
  const queryClient = useQueryClient();
  const counted = useRef<string | null>(null);

  useEffect(() => {
    if (!readable || counted.current === id) return;
    counted.current = id;
    recordView(id, gift).then(
      ({ views }) =>
        queryClient.setQueryData<ArticleDetail>(
          (visitor ? visitorArticleQueryOptions(id) : articleQueryOptions(id, gift)).queryKey,
          (detail) => (detail?.access ? { ...detail, article: { ...detail.article, views } } : detail),
        ),
      // A view that could not be counted (rate limit, lost connection) changes nothing the reader needs.
      () => undefined,
    );
  }, [id, readable, gift, visitor, queryClient]);
}
