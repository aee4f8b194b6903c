import { ARTICLE_MESSAGES, TEXT } from '@dispatch/shared';
import { useCallback, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { StatusPage } from '../../components/status-page';
import { ErrorState, LoadingState } from '../../components/states';
import { useArticle } from '../../api/articles-public';
import { UpdateArticleForm } from '../../features/writing/components/update-article-form';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { paths } from '../../lib/paths';
import { PageTitle } from '../../components/page-title';

/** /update-article/:id, signed in only: the author edits; anyone else sees why they cannot. */
export function UpdateArticleRoute() {
  const id = useParams().id ?? '';
  const { user } = useAuth();
  const detail = useArticle(id);
  const navigate = useNavigate();
  const [refused, setRefused] = useState<string | null>(null);

  const onSaved = useCallback(() => void navigate(paths.myArticles), [navigate]);

  let content;
  if (detail.isPending) content = <LoadingState />;
  else if (detail.isError) {
    if (detail.error instanceof ApiError && detail.error.status === 404)
      return (
        <StatusPage
          code="404"
          message={TEXT.detail.notFound}
          actionLabel={TEXT.writing.myArticlesHeading}
          to={paths.myArticles}
        />
      );
    content = <ErrorState message={errorMessage(detail.error)} onRetry={() => void detail.refetch()} />;
  } else if (refused !== null || !detail.data.access || detail.data.article.author_email !== user?.email) {
    content = <ErrorState message={refused ?? ARTICLE_MESSAGES.onlyAuthorMayEdit} />;
  } else {
    content = (
      <UpdateArticleForm
        key={detail.data.article._id}
        article={detail.data.article}
        onSaved={onSaved}
        onForbidden={setRefused}
      />
    );
  }

  return (
    <section aria-labelledby="update-article-heading" className="container-page max-w-3xl py-10 sm:py-14">
      <PageTitle title={TEXT.writing.updateHeading} />
      <div className="border-t-4 border-double border-ink pt-4">
        <h1 id="update-article-heading" className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
          {TEXT.writing.updateHeading}
        </h1>
      </div>
      <div className="mt-8 panel">{content}</div>
    </section>
  );
}
