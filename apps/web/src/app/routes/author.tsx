import { AUTHOR_LINK_KINDS, AUTHOR_LIMITS, AUTHOR_TEXT, imageSrcSet, TEXT, type AuthorPage } from '@dispatch/shared';
import { useRef } from 'react';
import { Navigate, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { authorPageQueryOptions, useAuthorPage } from '../../api/authors';
import { FeedLinks } from '../../components/feed-links';
import { JsonLd } from '../../components/json-ld';
import { PageTitle } from '../../components/page-title';
import { Pagination } from '../../components/pagination';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { StatusPage } from '../../components/status-page';
import { ArticleGrid } from '../../features/articles/components/article-grid';
import { pageOnlyLink } from '../../features/articles/components/paged-articles';
import { useViewer } from '../../hooks/use-viewer';
import { ApiError } from '../../lib/api-client';
import { isPastLastPage, lastPage, pageFrom, pageSearch } from '../../lib/page-param';
import { paths } from '../../lib/paths';
import { prefetch } from '../../lib/prefetch';
import { FALLBACK_CONFIG, useConfig } from '../../lib/site-config';
import { readsOf, withStatus, type LoaderClient } from '../page-context';

/** The author and their page of articles, in one answer; a 404 when no published author has the address's slug. */
export function authorLoader(clientFor: LoaderClient) {
  return async ({ params, request, context }: LoaderFunctionArgs) => {
    const queryClient = clientFor(context);
    const slug = params.slug ?? '';
    const page = pageFrom(new URL(request.url).searchParams);
    const options = authorPageQueryOptions(slug, page);
    const reads = readsOf(context);
    await prefetch(queryClient, options, reads && (() => reads.author(slug, { page })));
    const error = queryClient.getQueryState(options.queryKey)?.error;
    return withStatus(error instanceof ApiError && error.status === 404 ? 404 : undefined);
  };
}

/** schema.org's Person for the page: name, photo, bio and links (never an e-mail). */
function personOf(author: AuthorPage['author'], publicUrl: string) {
  const sameAs = AUTHOR_LINK_KINDS.map((kind) => author.links[kind]).filter(Boolean);
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: author.name,
    url: `${publicUrl}${paths.author(author.slug)}`,
    image: new URL(author.photo, `${publicUrl}/`).toString(),
    ...(author.bio && { description: author.bio }),
    ...(sameAs.length > 0 && { sameAs }),
  };
}

/** /authors/{slug}: the author's photo, name, bio and links, their approved articles (paged) and their feeds. */
export function AuthorRoute() {
  const slug = useParams().slug ?? '';
  const [searchParams] = useSearchParams();
  const page = pageFrom(searchParams);
  const answer = useAuthorPage(slug, page);
  const { viewer } = useViewer();
  const config = useConfig().data ?? FALLBACK_CONFIG;
  const listTop = useRef<HTMLParagraphElement>(null);

  if (answer.isPending) return <LoadingState />;
  if (answer.isError && !answer.data) {
    if (answer.error instanceof ApiError && answer.error.status === 404) {
      return (
        <>
          <PageTitle title={AUTHOR_TEXT.notFound} noindex />
          <StatusPage code="404" message={AUTHOR_TEXT.notFound} actionLabel={AUTHOR_TEXT.backToHome} to={paths.home} />
        </>
      );
    }
    return (
      <div className="container-page py-10">
        <ErrorState onRetry={() => void answer.refetch()} />
      </div>
    );
  }

  const { author, articles, total } = answer.data;
  const feeds = { rss: paths.rss({ author: author.slug }), atom: paths.atom({ author: author.slug }) };
  const totalPages = lastPage(total, AUTHOR_LIMITS.pageSize);
  const first = (page - 1) * AUTHOR_LIMITS.pageSize + 1;
  const links = AUTHOR_LINK_KINDS.flatMap((kind) => {
    const href = author.links[kind];
    return href ? [{ kind, href }] : [];
  });

  let list;
  if (isPastLastPage(articles.length, total, answer.isPlaceholderData))
    list = <Navigate to={pageOnlyLink(totalPages)} replace />;
  else if (articles.length === 0) list = <EmptyState message={AUTHOR_TEXT.empty} />;
  else
    list = (
      <>
        <ArticleGrid articles={articles} viewer={viewer} busy={answer.isPlaceholderData} />
        <Pagination page={page} totalPages={totalPages} linkFor={pageOnlyLink} listTop={listTop} />
      </>
    );

  return (
    <div className="container-page py-10 sm:py-14">
      <PageTitle
        title={author.name}
        description={author.bio || AUTHOR_TEXT.description(author.name, config.siteName)}
        image={author.photo}
        canonicalSearch={pageSearch(page)}
        feeds={{ title: TEXT.feeds.title(author.name, config.siteName), ...feeds }}
      />
      <JsonLd data={personOf(author, config.publicUrl)} />
      <header className="mb-8 flex flex-col gap-5 border-b-4 border-double border-ink pb-6 sm:flex-row sm:items-start">
        <img
          src={author.photo}
          srcSet={imageSrcSet(author.photo)}
          sizes="112px"
          width={112}
          height={112}
          alt=""
          fetchPriority="high"
          className="size-24 shrink-0 rounded-full border border-rule bg-surface object-cover sm:size-28"
        />
        <div className="min-w-0">
          <p className="kicker">{AUTHOR_TEXT.kicker}</p>
          <h1 className="mt-1 text-4xl font-bold tracking-tight break-words text-ink sm:text-5xl">{author.name}</h1>
          {author.bio && <p className="mt-3 max-w-2xl break-words whitespace-pre-line text-ink-soft">{author.bio}</p>}
          {links.length > 0 && (
            <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm font-semibold">
              {links.map(({ kind, href }) => (
                <li key={kind}>
                  <a
                    href={href}
                    rel="me noopener noreferrer"
                    className="text-accent underline-offset-2 hover:underline"
                  >
                    {AUTHOR_TEXT.linkLabels[kind]}
                  </a>
                </li>
              ))}
            </ul>
          )}
          <div className="mt-3">
            <FeedLinks {...feeds} />
          </div>
        </div>
      </header>
      <h2 className="text-2xl font-bold text-ink">{AUTHOR_TEXT.articlesTitle}</h2>
      <p ref={listTop} aria-live="polite" className="mt-2 mb-4 min-h-6 scroll-mt-4 text-sm text-ink-soft">
        {articles.length > 0 &&
          `${TEXT.listing.showing} ${first}–${first + articles.length - 1} ${TEXT.listing.of} ${total}`}
      </p>
      {list}
    </div>
  );
}
