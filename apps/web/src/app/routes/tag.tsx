import { TEXT } from '@dispatch/shared';
import { Navigate, useLocation, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { FeedLinks } from '../../components/feed-links';
import { PageTitle } from '../../components/page-title';
import { ErrorState, LoadingState } from '../../components/states';
import { StatusPage } from '../../components/status-page';
import { approvedArticlesQuery, approvedArticlesQueryOptions } from '../../api/articles-public';
import { tagQueryOptions, useTag } from '../../api/tags';
import { PagedArticles, pageOnlyLink } from '../../features/articles/components/paged-articles';
import { ApiError } from '../../lib/api-client';
import { pageFrom, pageSearch } from '../../lib/page-param';
import { paths } from '../../lib/paths';
import { prefetch } from '../../lib/prefetch';
import { readsOf, withStatus, type LoaderClient } from '../page-context';
import { FALLBACK_CONFIG, useConfig } from '../../lib/site-config';

const filtersFor = (tag: string, page: number) => ({ search: '', publisher: '', tag, page });

/**
 * The tag the address names, then its page of articles. An earlier address (a renamed or merged tag's, or a name
 * whose slug differs) is a 301 to the tag's page; an address that names no tag is a 404.
 */
export function tagLoader(clientFor: LoaderClient) {
  return async ({ params, request, context }: LoaderFunctionArgs) => {
    const queryClient = clientFor(context);
    const slug = params.tag ?? '';
    const options = tagQueryOptions(slug);
    const reads = readsOf(context);
    await prefetch(queryClient, options, reads && (() => reads.tag(slug)));
    const tag = queryClient.getQueryData(options.queryKey);
    const url = new URL(request.url);
    // The Response React Router's `redirect` makes, written out: `redirect` would join the router's chunk, which the
    // home page's first load fetches, for this one lazy page.
    if (tag && tag.slug !== slug) {
      return new Response(null, { status: 301, headers: { Location: `${paths.tag(tag.slug)}${url.search}` } });
    }
    if (tag) {
      const filters = filtersFor(tag.name, pageFrom(url.searchParams));
      await prefetch(
        queryClient,
        approvedArticlesQueryOptions(filters),
        reads && (() => reads.approvedArticles(approvedArticlesQuery(filters))),
      );
    }
    const error = queryClient.getQueryState(options.queryKey)?.error;
    return withStatus(error instanceof ApiError && error.status === 404 ? 404 : undefined);
  };
}

/** /tags/{slug}: the approved articles on one tag (an archived one's too), paged, and the tag's feeds. */
export function TagRoute() {
  const slug = useParams().tag ?? '';
  const { search } = useLocation();
  const [searchParams] = useSearchParams();
  const tag = useTag(slug);
  const config = useConfig().data ?? FALLBACK_CONFIG;

  if (tag.isPending) return <LoadingState />;
  if (tag.isError) {
    if (tag.error instanceof ApiError && tag.error.status === 404) {
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
    return (
      <div className="container-page py-10">
        <ErrorState onRetry={() => void tag.refetch()} />
      </div>
    );
  }
  if (tag.data.slug !== slug) return <Navigate to={`${paths.tag(tag.data.slug)}${search}`} replace />;

  const { name } = tag.data;
  const feeds = { rss: paths.rss({ tag: name }), atom: paths.atom({ tag: name }) };
  return (
    <div className="container-page py-10 sm:py-14">
      <PageTitle
        title={name}
        description={TEXT.tagPage.description(name, config.siteName)}
        canonicalSearch={pageSearch(pageFrom(searchParams))}
        feeds={{ title: TEXT.feeds.title(name, config.siteName), ...feeds }}
      />
      <header className="mb-8 border-b-4 border-double border-ink pb-6">
        <p className="kicker">{TEXT.tagPage.kicker}</p>
        <h1 className="mt-1 text-4xl font-bold tracking-tight text-ink sm:text-5xl">{name}</h1>
        <p className="mt-2 text-ink-soft">{TEXT.tagPage.intro(name)}</p>
        <div className="mt-3">
          <FeedLinks {...feeds} />
        </div>
      </header>
      <PagedArticles
        filters={filtersFor(name, pageFrom(searchParams))}
        empty={TEXT.tagPage.empty}
        pageLink={pageOnlyLink}
      />
    </div>
  );
}
