import { type ArticleDetail } from '@dispatch/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiRequest, liveSchema } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { articleDetailKeys } from './keys';

export function recordView(id: string) {
  return apiRequest(apiPaths.articleViews(id), liveSchema('views'), { method: 'PATCH' });
}

/**
 * docs/product.md#article-status: one view per page load. The ref remembers which article this page already counted, so
 * StrictMode's second effect run and re-renders do not count again; a teaser is never counted (the
 * server refuses it). The answer's total replaces the one shown.
 */
export function useRecordView(id: string, readable: boolean) {
  const queryClient = useQueryClient();
  const counted = useRef<string | null>(null);

  useEffect(() => {
    if (!readable || counted.current === id) return;
    counted.current = id;
    recordView(id).then(
      ({ views }) =>
        queryClient.setQueryData<ArticleDetail>(articleDetailKeys.detail(id), (detail) =>
          detail?.access ? { access: true, article: { ...detail.article, views } } : detail,
        ),
      // A view that could not be counted (rate limit, lost connection) changes nothing the reader needs.
      () => undefined,
    );
  }, [id, readable, queryClient]);
}
