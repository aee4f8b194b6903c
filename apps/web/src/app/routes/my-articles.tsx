import { TEXT } from '@dispatch/shared';
import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { useMyArticles } from '../../features/writing/api/get-my-articles';
import { MyArticlesTable } from '../../features/writing/components/my-articles-table';
import { useAuth } from '../../lib/auth';
import { paths } from '../../lib/paths';

/** /my-articles, behind RequireAuth. */
export function MyArticlesRoute() {
  const { user } = useAuth();
  const articles = useMyArticles(user?.email);

  let content;
  if (articles.isPending) content = <LoadingState />;
  else if (articles.isError) content = <ErrorState onRetry={() => void articles.refetch()} />;
  else if (articles.data.length === 0)
    content = (
      <EmptyState message={TEXT.writing.empty}>
        <Link to={paths.addArticle} className="btn btn-primary">
          {TEXT.writing.writeFirst}
        </Link>
      </EmptyState>
    );
  else content = <MyArticlesTable articles={articles.data} />;

  return (
    <section aria-labelledby="my-articles-heading" className="container-page max-w-5xl py-10 sm:py-14">
      <title>{TEXT.writing.myArticlesHeading}</title>
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
