import { TEXT } from '@dispatch/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { Pagination } from '../../../components/pagination';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { articleKeys } from '../../../features/articles/api/keys';
import { ADMIN_ARTICLES_PAGE_SIZE, useAdminArticles } from '../../../features/dashboard/api/get-admin-articles';
import { AdminArticlesTable } from '../../../features/dashboard/components/admin-articles-table';
import { DashboardHeading } from './dashboard-heading';
import { isPastLastPage, lastPage, pageFrom } from '../../../lib/page-param';

/** /dashboard/all-articles: every article, 10 a page, with the moderation actions. */
export function AllArticlesRoute() {
  const [searchParams] = useSearchParams();
  const page = pageFrom(searchParams);
  const articles = useAdminArticles(page);
  const queryClient = useQueryClient();
  // A decision changes what readers see: the public lists and trending are read again.
  const onChanged = useCallback(() => void queryClient.invalidateQueries({ queryKey: articleKeys.all }), [queryClient]);

  let content;
  if (articles.isPending) content = <LoadingState />;
  else if (articles.isError && !articles.data) content = <ErrorState onRetry={() => void articles.refetch()} />;
  else if (articles.data.total === 0) content = <EmptyState message={TEXT.dashboard.noArticles} />;
  else if (isPastLastPage(articles.data.articles.length, articles.data.total, articles.isPlaceholderData))
    content = <Navigate to={`?page=${lastPage(articles.data.total, ADMIN_ARTICLES_PAGE_SIZE)}`} replace />;
  else
    content = (
      <div aria-busy={articles.isPlaceholderData} className={articles.isPlaceholderData ? 'opacity-60' : undefined}>
        <AdminArticlesTable articles={articles.data.articles} onChanged={onChanged} />
        <Pagination
          page={page}
          totalPages={lastPage(articles.data.total, ADMIN_ARTICLES_PAGE_SIZE)}
          linkFor={(target) => `?page=${target}`}
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
      {content}
    </section>
  );
}
