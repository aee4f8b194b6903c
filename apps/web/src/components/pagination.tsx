import { TEXT } from '@dispatch/shared';
import { useLayoutEffect, type RefObject } from 'react';
import { Link, useLocation, useNavigationType, type To } from 'react-router';

/** Page numbers to show: the first, the last, and the current page with its neighbours. */
export function pageWindow(page: number, totalPages: number): Array<number | 'gap'> {
  const wanted = new Set([1, totalPages, page - 1, page, page + 1]);
  const pages = [...wanted].filter((p) => p >= 1 && p <= totalPages).sort((a, b) => a - b);
  const items: Array<number | 'gap'> = [];
  for (const p of pages) {
    const previous = items.at(-1);
    if (typeof previous === 'number' && p - previous > 1) items.push('gap');
    items.push(p);
  }
  return items;
}

const itemClass =
  'inline-flex min-w-10 items-center justify-center rounded-md border px-3 py-2 text-sm font-medium transition-colors';

interface PaginationProps {
  page: number;
  totalPages: number;
  linkFor: (page: number) => To;
  /** Where the list starts: following a page link scrolls here, not to the top of the page. */
  listTop: RefObject<HTMLElement | null>;
}

/** What a page link leaves in the history entry it opens: back and forward restore the position instead. */
const PAGE_TURN = { pageTurn: true };
const isPageTurn = (state: unknown) => (state as typeof PAGE_TURN | null)?.pageTurn === true;

/** Another page of the list opens at the list's top, the filters and heading above it left scrolled away. */
function useScrollToListTop(listTop: RefObject<HTMLElement | null>) {
  const location = useLocation();
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if (navigationType === 'PUSH' && isPageTurn(location.state)) listTop.current?.scrollIntoView({ block: 'start' });
    // Once per arrival (a new location): the list re-rendering with its data does not scroll again.
  }, [location, navigationType, listTop]);
}

export function Pagination({ page, totalPages, linkFor, listTop }: PaginationProps) {
  useScrollToListTop(listTop);
  if (totalPages <= 1) return null;
  const link = (target: number) => ({ to: linkFor(target), state: PAGE_TURN, preventScrollReset: true });
  const edge = (target: number, label: string, enabled: boolean) =>
    enabled ? (
      <Link {...link(target)} className={`${itemClass} border-ink text-ink hover:bg-ink hover:text-paper`}>
        {label}
      </Link>
    ) : (
      <span aria-disabled="true" className={`${itemClass} cursor-not-allowed border-rule text-ink-soft`}>
        {label}
      </span>
    );

  return (
    <nav aria-label={TEXT.listing.pagination} className="mt-10 flex flex-wrap items-center justify-center gap-2">
      {edge(page - 1, TEXT.articles.previous, page > 1)}
      <ul className="flex flex-wrap items-center gap-2">
        {pageWindow(page, totalPages).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-ink-soft">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                {...link(item)}
                aria-label={`${TEXT.listing.page} ${item}`}
                aria-current={item === page ? 'page' : undefined}
                className={`${itemClass} ${
                  item === page ? 'border-ink bg-ink text-paper' : 'border-rule text-ink hover:border-ink'
                }`}
              >
                {item}
              </Link>
            </li>
          ),
        )}
      </ul>
      {edge(page + 1, TEXT.articles.next, page < totalPages)}
    </nav>
  );
}
