import { CORRECTION_TEXT } from '@dispatch/shared';
import { useArticleCorrections } from '../../../api/corrections';
import { CorrectionDate } from './correction-date';

/**
 * An article's corrections under its text, newest first, for everyone who sees the article (the teaser
 * too). Nothing when there are none; the notes are text, never markup.
 */
export function ArticleCorrections({ articleId }: { articleId: string }) {
  const corrections = useArticleCorrections(articleId).data?.corrections ?? [];
  if (corrections.length === 0) return null;
  return (
    <section
      id="corrections"
      aria-labelledby="corrections-heading"
      className="article-column mt-10 scroll-mt-24 border-t-4 border-double border-ink pt-6"
    >
      <h2 id="corrections-heading" className="kicker text-ink">
        {CORRECTION_TEXT.heading}
      </h2>
      <ol className="mt-4 space-y-5">
        {corrections.map((correction) => (
          <li key={correction._id} className="border-l-2 border-accent-line pl-4">
            <p className="text-sm font-semibold text-ink-soft">
              {CORRECTION_TEXT.corrected} <CorrectionDate at={correction.createdAt} />
            </p>
            <p className="mt-1 leading-relaxed break-words whitespace-pre-line text-ink">{correction.note}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
