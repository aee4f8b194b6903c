import { useParams } from 'react-router';
import { TEXT } from '@dispatch/shared';
import { StatusPage } from '../../components/status-page';
import { ErrorState, LoadingState } from '../../components/states';
import { useArticle } from '../../features/article-detail/api/get-article';
import { useRecordView } from '../../features/article-detail/api/record-view';
import { ArticleView } from '../../features/article-detail/components/article-view';
import { ApiError } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { PageTitle } from '../../components/page-title';

/** /articles/:id, behind RequireAuth. */
export function ArticleDetailRoute() {
  const id = useParams().id ?? '';
  const detail = useArticle(id);
  useRecordView(id, detail.data?.access === true);

  let content;
  if (detail.isPending) content = <LoadingState />;
  else if (detail.isError) {
    if (detail.error instanceof ApiError && detail.error.status === 404)
      return (
        <>
          <PageTitle title={TEXT.detail.notFound} />
          <StatusPage
            code="404"
            message={TEXT.detail.notFound}
            actionLabel={TEXT.detail.backToArticles}
            to={paths.articles}
          />
        </>
      );
    content = <ErrorState onRetry={() => void detail.refetch()} />;
  } else
    content = (
      <>
        <PageTitle title={detail.data.article.title} />
        <ArticleView detail={detail.data} />
      </>
    );

  return <div className="container-page py-10 sm:py-14">{content}</div>;
}
