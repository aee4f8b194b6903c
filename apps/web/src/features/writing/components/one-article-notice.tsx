import { TEXT, WRITER_LIMIT_TEXT } from '@dispatch/shared';
import { Link } from 'react-router';
import { useViewer } from '../../../hooks/use-viewer';
import { paths } from '../../../lib/paths';
import { useMyArticles } from '../../../api/articles-writer';
import { FALLBACK_CONFIG, useConfig } from '../../../lib/site-config';

const T = TEXT.addArticle;

/**
 * docs/product.md#one-article-rule, told before the writing: a writer without premium who holds as many articles as
 * the site's limit allows (SPEC: one; the site settings' `writerArticleLimit`, 0 for none) learns it here, not from
 * the server's "Not Allowed" after the work (which still answers a submission).
 */
export function OneArticleNotice() {
  const { user, hasPremiumAccess, roleLoading } = useViewer();
  const limit = (useConfig().data ?? FALLBACK_CONFIG).writerArticleLimit;
  const exempt = hasPremiumAccess || roleLoading || limit === 0;
  const mine = useMyArticles(exempt ? undefined : user?.email, 1);
  if (exempt || !mine.data || mine.data.total < limit) return null;
  return (
    <section
      role="status"
      aria-labelledby="one-article-title"
      className="mt-8 rounded-lg border-2 border-accent-line bg-accent-wash p-5 sm:p-6"
    >
      <h2 id="one-article-title" className="text-xl font-bold text-ink">
        {WRITER_LIMIT_TEXT.reachedTitle(limit)}
      </h2>
      <p className="mt-2 text-ink">{WRITER_LIMIT_TEXT.reachedBody(limit)}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Link to={paths.subscription} className="btn btn-accent">
          {T.seePlans}
        </Link>
        <Link to={paths.myArticles} className="btn btn-outline bg-surface">
          {WRITER_LIMIT_TEXT.seeMine(limit)}
        </Link>
      </div>
    </section>
  );
}
