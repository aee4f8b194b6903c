import { canTransition, type Article } from '@dispatch/shared';
import { useRevisions } from '../../api/articles-writer';
import { PublishCorrection } from '../../features/corrections/components/publish-correction';
import { EditorialPanel } from '../../features/writing/components/editorial-panel';

/** An admin's 'Publish correction', once the article's revisions are known (the latest is the default). */
function CorrectionControl({ id }: { id: string }) {
  const revisions = useRevisions(id).data?.revisions ?? [];
  if (revisions.length === 0) return null;
  return <PublishCorrection key={revisions[0]!._id} articleId={id} revisions={revisions} />;
}

/**
 * Under an article, for its author and the admins only: its history, its actions and (admins) a correction.
 * A module of its own, loaded only for them: its forms and their validation are no reader's download.
 */
export function ArticleEditorial({
  article,
  isAuthor,
  isAdmin,
}: {
  article: Article;
  isAuthor: boolean;
  isAdmin: boolean;
}) {
  return (
    <div className="print:hidden">
      <EditorialPanel article={article} isAuthor={isAuthor}>
        {isAdmin && canTransition(article.status, 'correct', ['admin']) && <CorrectionControl id={article._id} />}
      </EditorialPanel>
    </div>
  );
}
