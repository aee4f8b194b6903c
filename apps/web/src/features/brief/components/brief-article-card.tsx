import { BRIEF_TEXT, imageSrcSet, type BriefArticle } from '@dispatch/shared';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/** One article of a past brief: what the e-mail showed (an excerpt), linking to the article's page. */
export function BriefArticleCard({ article }: { article: BriefArticle }) {
  return (
    <article className="flex gap-4 rounded-md border border-rule bg-surface p-3">
      {article.image && (
        <img
          src={article.image}
          srcSet={imageSrcSet(article.image)}
          sizes="96px"
          width={96}
          height={64}
          loading="lazy"
          alt=""
          className="h-16 w-24 shrink-0 rounded object-cover"
        />
      )}
      <div className="min-w-0">
        <p className="text-xs font-semibold tracking-wide text-ink-soft uppercase">
          {article.publisher}
          {article.isPremium && <span className="ml-2 text-accent">{BRIEF_TEXT.premiumMark}</span>}
        </p>
        <h3 className="mt-1 leading-snug font-bold break-words text-ink">
          <Link to={paths.articleDetails(article._id)} className="hover:underline">
            {article.title}
          </Link>
        </h3>
        <p className="mt-1 line-clamp-2 text-sm break-words text-ink-soft">{article.excerpt}</p>
      </div>
    </article>
  );
}
