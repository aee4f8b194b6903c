import { TEXT, tagFromSlug } from '@dispatch/shared';
import { useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { FeedLinks } from '../../components/feed-links';
import { PageTitle } from '../../components/page-title';
import { StatusPage } from '../../components/status-page';
import { approvedArticlesQuery, approvedArticlesQueryOptions } from '../../api/articles-public';
import { PagedArticles, pageOnlyLink } from '../../features/articles/components/paged-articles';
import { pageFrom, pageSearch } from '../../lib/page-param';
import { paths } from '../../lib/paths';
import { prefetch } from '../../lib/prefetch';
import { readsOf, withStatus, type LoaderClient } from '../page-context';
import { FALLBACK_CONFIG, useConfig } from '../../lib/site-config';

const filtersFor = (tag: string, page: number) => ({ search: '', publisher: '', tag, page });

/** A tag's page of articles; an address that names no tag is a 404. */
export function tagLoader(clientFor: LoaderClient) {
  return async ({ params, request, context }: LoaderFunctionArgs) => {
    const queryClient = clientFor(context);
    const tag = tagFromSlug(params.tag ?? '');
    if (!tag) return withStatus(404);
    const filters = filtersFor(tag, pageFrom(new URL(request.url).searchParams));
    const reads = readsOf(context);
    await prefetch(
      queryClient,
      approvedArticlesQueryOptions(filters),
      reads && (() => reads.approvedArticles(approvedArticlesQuery(filters))),
    );
    return null;
  };
}

/** /tags/{tag}: the approved articles on one of the fixed tags, paged, and the tag's feeds. */
export function TagRoute() {
  const tag = tagFromSlug(useParams().tag ?? '');
  const [searchParams] = useSearchParams();
  const config = useConfig().data ?? FALLBACK_CONFIG;

  if (!tag) {
    return (
      <>
        <PageTitle title={TEXT.tagPage.notFound} noindex />
        <StatusPage
          code="404"
          message={TEXT.tagPage.notFound}
          actionLabel={TEXT.tagPage.backToArticles}
          to={paths.articles}
        />
      </>
    );
  }

  const feeds = { rss: paths.rss({ tag }), atom: paths.atom({ tag }) };
  return (
    <div className="container-page py-10 sm:py-14">
      <PageTitle
        title={tag}
        description={TEXT.tagPage.description(tag, config.siteName)}
        canonicalSearch={pageSearch(pageFrom(searchParams))}
        feeds={{ title: TEXT.feeds.title(tag, config.siteName), ...feeds }}
      />
      <header className="mb-8 border-b-4 border-double border-ink pb-6">
        <p className="kicker">{TEXT.tagPage.kicker}</p>
        <h1 className="mt-1 text-4xl font-bold tracking-tight text-ink sm:text-5xl">{tag}</h1>
        <p className="mt-2 text-ink-soft">{TEXT.tagPage.intro(tag)}</p>
        <div className="mt-3">
          <FeedLinks {...feeds} />
        </div>
      </header>
      <PagedArticles
        filters={filtersFor(tag, pageFrom(searchParams))}
        empty={TEXT.tagPage.empty}
        pageLink={pageOnlyLink}
      />
    </div>
  );
}
