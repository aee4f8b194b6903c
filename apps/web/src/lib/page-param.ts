import { LIMITS } from '@dispatch/shared';
import type { ShouldRevalidateFunctionArgs } from 'react-router';

/**
 * The page number in `?page=`: 1 when it is missing or not a positive whole number, and at most the
 * API's highest page (a list then shows its real last page, not a refusal).
 */
export function pageFrom(searchParams: URLSearchParams): number {
  const page = Number(searchParams.get('page'));
  return Number.isInteger(page) && page >= 1 ? Math.min(page, LIMITS.maxPage) : 1;
}

/** `?page=n` of a paged list, left out for its first page. */
export const pageSearch = (page: number) => (page > 1 ? `?page=${page}` : '');

/** The number of the last page of a list of `total` items, `pageSize` a page; 1 for an empty list. */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * Whether a settled answer is a page past the list's end (an old link, a list that shrank): the
 * list then shows its last page rather than an empty state.
 */
export function isPastLastPage(shown: number, total: number, isPlaceholderData: boolean): boolean {
  return shown === 0 && total > 0 && !isPlaceholderData;
}

/** A paged list's route: paging within it is the page's own query, so only a new address runs the loader. */
export function revalidateOnNewPath({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}
