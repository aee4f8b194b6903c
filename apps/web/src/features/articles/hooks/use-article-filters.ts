import { LIMITS } from '@dispatch/shared';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { ApprovedArticlesFilters } from '../../../api/articles';
import { pageFrom } from '../../../lib/page-param';

const FILTER_KEYS = ['search', 'publisher', 'tag', 'page'] as const;

/**
 * Reads the list's filters from the URL, dropping anything the API would refuse: a tag not among `tags` (the active
 * ones, once known; a renamed or archived tag's old filter shows every tag).
 */
export function parseArticleFilters(params: URLSearchParams, tags?: readonly string[]): ApprovedArticlesFilters {
  const tag = params.get('tag') ?? '';
  return {
    search: (params.get('search') ?? '').trim().slice(0, LIMITS.searchMaxLength),
    publisher: (params.get('publisher') ?? '').trim().slice(0, LIMITS.nameMaxLength),
    tag: !tags || tags.includes(tag) ? tag : '',
    page: pageFrom(params),
  };
}

/** The URL of the list for these filters; the default value of each filter is left out. */
export function articleFiltersSearch(filters: ApprovedArticlesFilters): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (key === 'page' ? value !== 1 : value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** The filters and page of the article list, kept in the URL so reload and back work. */
export function useArticleFilters(tags?: readonly string[]) {
  const [params, setParams] = useSearchParams();
  const filters = parseArticleFilters(params, tags);

  const setFilters = useCallback(
    (changes: Partial<Omit<ApprovedArticlesFilters, 'page'>>) => {
      setParams(
        (current) => {
          // A new filter starts the reader on its first page.
          const next = { ...parseArticleFilters(current, tags), ...changes, page: 1 };
          return new URLSearchParams(articleFiltersSearch(next));
        },
        { preventScrollReset: true },
      );
    },
    [setParams, tags],
  );

  const pageLink = (page: number) => ({ search: articleFiltersSearch({ ...filters, page }) });

  return { filters, setFilters, pageLink };
}
