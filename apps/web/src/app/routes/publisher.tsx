import { imageSrcSet, TEXT } from '@dispatch/shared';
import { useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { FeedLinks } from '../../components/feed-links';
import { PageTitle } from '../../components/page-title';
import { ErrorState, LoadingState } from '../../components/states';
import { StatusPage } from '../../components/status-page';
import type { ApprovedArticlesFilters } from '../../api/articles';
import { approvedArticlesQuery, approvedArticlesQueryOptions } from '../../api/articles-public';
import { PagedArticles, pageOnlyLink } from '../../features/articles/components/paged-articles';
import { publisherQueryOptions, usePublisher } from '../../api/publishers';
import { ApiError } from '../../lib/api-client';
import { pageFrom, pageSearch } from '../../lib/page-param';
import { paths } from '../../lib/paths';
import { prefetch } from '../../lib/prefetch';
import { readsOf, withStatus, type LoaderClient } from '../page-context';
import { FALLBACK_CONFIG, useConfig } from '../../lib/site-config';

const filtersFor = (publisher: string, page: number): ApprovedArticlesFilters => ({
  search: '',
  publisher,
  tag: '',
  page,
});

/**
 * The publisher, then its page of articles (their list is filtered by the publisher's name); a 404 when no
 * publisher has the address's slug.
 */
export function publisherLoader(clientFor: LoaderClient) {
  return async ({ params, request, context }: LoaderFunctionArgs) => {
    const queryClient = clientFor(context);
    const slug = params.slug ?? '';
    const options = publisherQueryOptions(slug);
    const reads = readsOf(context);
    await prefetch(queryClient, options, reads && (() => reads.publisher(slug)));
    const publisher = queryClient.getQueryData(options.queryKey);
    if (publisher) {
      const filters = filtersFor(publisher.name, pageFrom(new URL(request.url).searchParams));
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

/** /publishers/{slug}: the publisher's logo and name, its approved articles (paged) and its feeds. */
export function PublisherRoute() {
  const slug = useParams().slug ?? '';
  const [searchParams] = useSearchParams();
  const publisher = usePublisher(slug);
  const config = useConfig().data ?? FALLBACK_CONFIG;

  if (publisher.isPending) return <LoadingState />;
  if (publisher.isError) {
    if (publisher.error instanceof ApiError && publisher.error.status === 404) {
      return (
        <>
          <PageTitle title={TEXT.publisherPage.notFound} noindex />
          <StatusPage
            code="404"
            message={TEXT.publisherPage.notFound}
            actionLabel={TEXT.publisherPage.backToHome}
            to={`${paths.home}#publishers`}
          />
        </>
      );
    }
    return (
      <div className="container-page py-10">
        <ErrorState onRetry={() => void publisher.refetch()} />
      </div>
    );
  }

  const { name, logo } = publisher.data;
  const feeds = { rss: paths.rss({ publisher: name }), atom: paths.atom({ publisher: name }) };
  return (
    <div className="container-page py-10 sm:py-14">
      <PageTitle
        title={name}
        description={TEXT.publisherPage.description(name, config.siteName)}
        image={logo}
        canonicalSearch={pageSearch(pageFrom(searchParams))}
        feeds={{ title: TEXT.feeds.title(name, config.siteName), ...feeds }}
      />
      <header className="mb-8 flex flex-col gap-5 border-b-4 border-double border-ink pb-6 sm:flex-row sm:items-center">
        <img
          src={logo}
          srcSet={imageSrcSet(logo)}
          sizes="96px"
          width={96}
          height={96}
          alt=""
          fetchPriority="high"
          className="size-20 shrink-0 rounded-full border border-rule bg-surface object-cover sm:size-24"
        />
        <div className="min-w-0">
          <p className="kicker">{TEXT.publisherPage.kicker}</p>
          <h1 className="mt-1 text-4xl font-bold tracking-tight break-words text-ink sm:text-5xl">{name}</h1>
          <p className="mt-2 text-ink-soft">{TEXT.publisherPage.intro(name)}</p>
          <div className="mt-3">
            <FeedLinks {...feeds} />
          </div>
        </div>
      </header>
      <PagedArticles
        filters={filtersFor(name, pageFrom(searchParams))}
        empty={TEXT.publisherPage.empty}
        pageLink={pageOnlyLink}
      />
    </div>
  );
}
