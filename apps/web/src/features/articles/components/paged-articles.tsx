import { useRef } from 'react';
import { TEXT } from '@dispatch/shared';
import { Navigate } from 'react-router';
import { Pagination } from '../../../components/pagination';
import { EmptyState, ErrorState } from '../../../components/states';
import { useViewer } from '../../../hooks/use-viewer';
import { isPastLastPage, lastPage, pageSearch } from '../../../lib/page-param';
import type { ApprovedArticlesFilters } from '../../../api/articles';
import { APPROVED_PAGE_SIZE, useApprovedArticles } from '../../../api/articles-public';
import { ArticleGrid, ArticleGridSkeleton } from './article-grid';

/** One filter's approved articles, a page at a time, with the list's count: a publisher's or a tag's page. */
export function PagedArticles({
  filters,
  empty,
  pageLink,
}: {
  filters: ApprovedArticlesFilters;
  empty: string;
  pageLink: (page: number) => { search: string };
}) {
  const articles = useApprovedArticles(filters);
  const { viewer } = useViewer();
  const total = articles.data?.total ?? 0;
  const shown = articles.data?.articles ?? [];
  const totalPages = lastPage(total, APPROVED_PAGE_SIZE);
  const listTop = useRef<HTMLParagraphElement>(null);
  const first = (filters.page - 1) * APPROVED_PAGE_SIZE + 1;

  let content;
  if (articles.isPending) content = <ArticleGridSkeleton />;
  else if (articles.isError && !articles.data) content = <ErrorState onRetry={() => void articles.refetch()} />;
  else if (isPastLastPage(shown.length, total, articles.isPlaceholderData))
    content = <Navigate to={pageLink(totalPages)} replace />;
  else if (shown.length === 0) content = <EmptyState message={empty} />;
  else
    content = (
      <>
        <ArticleGrid articles={shown} viewer={viewer} busy={articles.isPlaceholderData} />
        <Pagination page={filters.page} totalPages={totalPages} linkFor={pageLink} listTop={listTop} />
      </>
    );

  return (
    <>
      <p ref={listTop} aria-live="polite" className="mt-6 mb-4 min-h-6 scroll-mt-4 text-sm text-ink-soft">
        {shown.length > 0 && `${TEXT.listing.showing} ${first}–${first + shown.length - 1} ${TEXT.listing.of} ${total}`}
      </p>
      {content}
    </>
  );
}

/** `?page=n` of the current address, left out for the first page. */
export const pageOnlyLink = (page: number) => ({ search: pageSearch(page) });
