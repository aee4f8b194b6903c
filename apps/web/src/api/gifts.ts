import type { GiftLinkList } from '@dispatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../lib/api-client';
import { apiPaths } from '../lib/paths';

export const giftKeys = {
  all: ['gift-links'] as const,
  mine: () => [...giftKeys.all, 'mine'] as const,
  ofArticle: (articleId: string) => [...giftKeys.all, 'article', articleId] as const,
};

/** The reader's own gift links: of one article, or all of them (newest first), with this month's quota. */
export function getGiftLinks(articleId: string | undefined, signal?: AbortSignal): Promise<GiftLinkList> {
  return apiRequest(articleId ? apiPaths.articleGiftLinks(articleId) : apiPaths.giftLinks, lazySchema('giftLinks'), {
    signal,
  });
}

export function giftLinksQueryOptions(articleId?: string) {
  return queryOptions({
    queryKey: articleId ? giftKeys.ofArticle(articleId) : giftKeys.mine(),
    queryFn: ({ signal }) => getGiftLinks(articleId, signal),
  });
}

export function useGiftLinks(articleId?: string) {
  return useQuery(giftLinksQueryOptions(articleId));
}
