import { TEXT, type ArticleCard, type RelatedArticles as RelatedArticlesData, type Viewer } from '@dispatch/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import { ArrowRightIcon } from '../../../components/icons';
import { paths } from '../../../lib/paths';
import { ArticleGrid } from './article-grid';

function RelatedList({
  title,
  name,
  articles,
  listPath,
  viewer,
}: {
  title: string;
  name: string;
  articles: ArticleCard[];
  /** The publisher's or the tag's own page. */
  listPath: string;
  viewer: Viewer | null;
}) {
  const headingId = useId();
  if (articles.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-14 first:mt-0">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-x-6 gap-y-2 border-t-4 border-double border-ink pt-4">
        <h2 id={headingId} className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {title}
        </h2>
        <Link
          to={listPath}
          aria-label={TEXT.detail.seeAllFrom(name)}
          className="inline-flex items-center gap-1.5 text-sm font-semibold text-accent underline-offset-4 hover:underline"
        >
          {TEXT.detail.seeAll}
          <ArrowRightIcon className="size-4" />
        </Link>
      </div>
      <ArticleGrid articles={articles} viewer={viewer} eager={0} />
    </section>
  );
}

/**
 * The end of an article's page: more from its publisher, more on its tag, as the lists' cards (a premium
 * one highlighted, its details for premium readers only). Not printed.
 */
export function RelatedArticles({ related, viewer }: { related: RelatedArticlesData; viewer: Viewer | null }) {
  const { publisher, tag } = related;
  if (publisher.articles.length === 0 && !tag?.articles.length) return null;
  return (
    <div className="mt-16 print:hidden">
      <RelatedList
        title={TEXT.detail.moreFrom(publisher.name)}
        name={publisher.name}
        articles={publisher.articles}
        listPath={paths.publisher(publisher.articles[0]?.publisherSlug ?? '')}
        viewer={viewer}
      />
      {tag && (
        <RelatedList
          title={TEXT.detail.moreOn(tag.name)}
          name={tag.name}
          articles={tag.articles}
          listPath={paths.tag(tag.name)}
          viewer={viewer}
        />
      )}
    </div>
  );
}
