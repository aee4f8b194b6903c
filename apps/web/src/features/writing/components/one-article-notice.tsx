import { TEXT } from '@dispatch/shared';
import { Link } from 'react-router';
import { useViewer } from '../../../hooks/use-viewer';
import { paths } from '../../../lib/paths';
import { useMyArticles } from '../../../api/articles-writer';

const T = TEXT.addArticle;

/**
 * docs/product.md#one-article-rule, told before the writing: a writer without premium who has an article
 * already learns it here, not from the server's "Not Allowed" after the work (which still answers a submission).
 */
export function OneArticleNotice() {
  const { user, hasPremiumAccess, roleLoading } = useViewer();
  const mine = useMyArticles(hasPremiumAccess || roleLoading ? undefined : user?.email, 1);
  if (hasPremiumAccess || roleLoading || !mine.data || mine.data.total === 0) return null;
  return (
    <section
      role="status"
      aria-labelledby="one-article-title"
      className="mt-8 rounded-lg border-2 border-accent-line bg-accent-wash p-5 sm:p-6"
    >
      <h2 id="one-article-title" className="text-xl font-bold text-ink">
        {T.limitReachedTitle}
      </h2>
      <p className="mt-2 text-ink">{T.limitReachedBody}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Link to={paths.subscription} className="btn btn-accent">
          {T.seePlans}
        </Link>
        <Link to={paths.myArticles} className="btn btn-outline bg-surface">
          {T.seeMyArticle}
        </Link>
      </div>
    </section>
  );
}
