import { OWN_ARTICLE_TEXT, TEXT, type Article } from '@dispatch/shared';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

const T = OWN_ARTICLE_TEXT;

/** Where the writer's own article stands, said above it: their page is where they look for it. */
export function OwnArticleStatus({ article }: { article: Pick<Article, 'status' | 'isPremium' | 'declineReason'> }) {
  const { status } = article;
  const tone =
    status === 'declined'
      ? 'border-danger bg-surface'
      : status === 'approved'
        ? 'border-ink bg-surface'
        : 'border-note-line bg-note text-note-ink';
  const summary = status === 'approved' && article.isPremium ? T.premium : T[status];
  return (
    <section
      aria-label={T.label}
      className={`article-column mb-8 rounded-lg border-l-4 p-4 text-sm sm:p-5 ${tone} print:hidden`}
    >
      {/* Not a heading: the article's title is the page's first. */}
      <p className="text-xs font-semibold tracking-[0.12em] uppercase">
        {T.label}: {TEXT.writing.statuses[status]}
        {article.isPremium && ` · ${TEXT.articles.premium}`}
      </p>
      <p className="mt-1.5 text-base text-ink">{summary}</p>
      {status === 'declined' && article.declineReason && (
        <p className="mt-1 break-words whitespace-pre-line text-ink">
          <span className="font-semibold">{T.reason}</span> {article.declineReason}
        </p>
      )}
      <p className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-ink-soft">
        {status === 'changes_requested' && (
          <a href="#changes-heading" className="font-semibold text-ink underline underline-offset-2">
            {T.seeNote}
          </a>
        )}
        <Link to={paths.myArticles} className="font-semibold text-ink underline underline-offset-2">
          {T.myArticles}
        </Link>
        <span>{T.viewsNote}</span>
      </p>
    </section>
  );
}
