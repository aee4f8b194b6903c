import { TEXT } from '@dispatch/shared';
import { useRef } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Pagination } from '../../components/pagination';
import { EmptyState, ErrorState, TableSkeleton } from '../../components/states';
import { MY_ARTICLES_PAGE_SIZE, useMyArticles } from '../../api/articles-writer';
import { MyArticlesTable } from '../../features/writing/components/my-articles-table';
import { useAuth } from '../../lib/auth';
import { isPastLastPage, lastPage, pageFrom, pageSearch } from '../../lib/page-param';
import { paths } from '../../lib/paths';
import { PageTitle } from '../../components/page-title';

/** /my-articles, signed in only: the writer's own articles, 10 a page. */
export function MyArticlesRoute() {
  const listTop = useRef<HTMLDivElement>(null);
  const { user } = useAuth();
  const [searchParams] = useSearchParams();
  const page = pageFrom(searchParams);
  const articles = useMyArticles(user?.email, page);
  const totalPages = lastPage(articles.data?.total ?? 0, MY_ARTICLES_PAGE_SIZE);

  let content;
  if (articles.isPending) content = <TableSkeleton />;
  else if (articles.isError && !articles.data) content = <ErrorState onRetry={() => void articles.refetch()} />;
  else if (articles.data.total === 0)
    content = (
      <EmptyState message={TEXT.writing.empty}>
        <Link to={paths.addArticle} className="btn btn-primary">
          {TEXT.writing.writeFirst}
        </Link>
      </EmptyState>
    );
  else if (isPastLastPage(articles.data.articles.length, articles.data.total, articles.isPlaceholderData))
    content = <Navigate to={`?page=${totalPages}`} replace />;
  else
    content = (
      <div
        ref={listTop}
        aria-busy={articles.isPlaceholderData}
        className={`scroll-mt-4 ${articles.isPlaceholderData ? 'opacity-60' : ''}`}
      >
        <MyArticlesTable articles={articles.data.articles} firstNumber={(page - 1) * MY_ARTICLES_PAGE_SIZE + 1} />
        <Pagination listTop={listTop} page={page} totalPages={totalPages} linkFor={(target) => `?page=${target}`} />
      </div>
    );

  return (
    <section aria-labelledby="my-articles-heading" className="container-page max-w-5xl py-10 sm:py-14">
      <PageTitle title={TEXT.writing.myArticlesHeading} canonicalSearch={pageSearch(page)} />
      <div className="mb-8 border-t-4 border-double border-ink pt-4">
        <h1 id="my-articles-heading" className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
          {TEXT.writing.myArticlesHeading}
        </h1>
        <p className="mt-2 text-ink-soft">{TEXT.writing.myArticlesIntro}</p>
      </div>
      {content}
    </section>
  );
}
