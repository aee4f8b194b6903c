import { ARTICLE_STATUSES, TEXT, type ArticleStatus } from '@dispatch/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { Pagination } from '../../../components/pagination';
import { EmptyState, ErrorState, TableSkeleton } from '../../../components/states';
import { articleKeys } from '../../../features/articles/api/keys';
import { ADMIN_ARTICLES_PAGE_SIZE, useAdminArticles } from '../../../features/dashboard/api/get-admin-articles';
import { AdminArticlesTable } from '../../../features/dashboard/components/admin-articles-table';
import { DashboardHeading } from './dashboard-heading';
import { isPastLastPage, lastPage, pageFrom } from '../../../lib/page-param';

const statusFrom = (params: URLSearchParams): ArticleStatus | undefined =>
  ARTICLE_STATUSES.find((status) => status === params.get('status'));

/** The filter's link for a page: the status stays in the URL, so reload and Back keep it. */
const linkFor = (page: number, status: ArticleStatus | undefined) =>
  `?${new URLSearchParams({ ...(status && { status }), page: String(page) }).toString()}`;

/** /dashboard/all-articles: every article (or those in one status), 10 a page, with the moderation actions. */
export function AllArticlesRoute() {
  const listTop = useRef<HTMLDivElement>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFrom(searchParams);
  const status = statusFrom(searchParams);
  const articles = useAdminArticles(page, status);
  const queryClient = useQueryClient();
  // A decision changes what readers see: the public lists and trending are read again.
  const onChanged = useCallback(() => void queryClient.invalidateQueries({ queryKey: articleKeys.all }), [queryClient]);

  let content;
  if (articles.isPending) content = <TableSkeleton />;
  else if (articles.isError && !articles.data) content = <ErrorState onRetry={() => void articles.refetch()} />;
  else if (articles.data.total === 0)
    content = (
      <EmptyState
        message={status ? TEXT.dashboard.noArticlesInStatus(TEXT.writing.statuses[status]) : TEXT.dashboard.noArticles}
      />
    );
  else if (isPastLastPage(articles.data.articles.length, articles.data.total, articles.isPlaceholderData))
    content = <Navigate to={linkFor(lastPage(articles.data.total, ADMIN_ARTICLES_PAGE_SIZE), status)} replace />;
  else
    content = (
      <div
        ref={listTop}
        aria-busy={articles.isPlaceholderData}
        className={`scroll-mt-4 ${articles.isPlaceholderData ? 'opacity-60' : ''}`}
      >
        <AdminArticlesTable articles={articles.data.articles} onChanged={onChanged} />
        <Pagination
          listTop={listTop}
          page={page}
          totalPages={lastPage(articles.data.total, ADMIN_ARTICLES_PAGE_SIZE)}
          linkFor={(target) => linkFor(target, status)}
        />
      </div>
    );

  return (
    <section aria-labelledby="all-articles-heading">
      <DashboardHeading
        id="all-articles-heading"
        title={TEXT.dashboard.allArticles}
        intro={TEXT.dashboard.articlesIntro}
      />
      <div className="mb-5 flex flex-wrap items-end gap-3">
        <label className="block text-sm font-semibold text-ink">
          {TEXT.dashboard.statusFilter}
          <select
            value={status ?? ''}
            onChange={(event) => {
              const next = ARTICLE_STATUSES.find((one) => one === event.target.value);
              setSearchParams(next ? { status: next } : {});
            }}
            className="field-control mt-1 block w-full min-w-56"
          >
            <option value="">{TEXT.dashboard.allStatuses}</option>
            {ARTICLE_STATUSES.map((one) => (
              <option key={one} value={one}>
                {TEXT.writing.statuses[one]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {content}
    </section>
  );
}
