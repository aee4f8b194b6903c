import { CORRECTION_TEXT } from '@dispatch/shared';
import { useRef } from 'react';
import { Link, Navigate, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { Pagination } from '../../components/pagination';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import {
  CORRECTIONS_PAGE_SIZE,
  correctionPageQuery,
  correctionPageQueryOptions,
  useCorrectionPage,
} from '../../api/corrections';
import { CorrectionDate } from '../../features/corrections/components/correction-date';
import { useConfig, FALLBACK_CONFIG } from '../../lib/site-config';
import { isPastLastPage, lastPage, pageFrom, pageSearch } from '../../lib/page-param';
import { paths } from '../../lib/paths';
import { prefetch } from '../../lib/prefetch';
import { readsOf, type LoaderClient } from '../page-context';

const C = CORRECTION_TEXT;

export function correctionsLoader(clientFor: LoaderClient) {
  return async ({ request, context }: LoaderFunctionArgs) => {
    const queryClient = clientFor(context);
    const page = pageFrom(new URL(request.url).searchParams);
    const reads = readsOf(context);
    await prefetch(
      queryClient,
      correctionPageQueryOptions(page),
      reads && (() => reads.correctionPage(correctionPageQuery(page))),
    );
    return null;
  };
}

const pageLink = (page: number) => (page > 1 ? `${paths.corrections}?page=${page}` : paths.corrections);

/** /corrections: every correction the site has published, newest first, each with its article (docs/product.md#corrections). */
export function CorrectionsRoute() {
  const [searchParams] = useSearchParams();
  const page = pageFrom(searchParams);
  const corrections = useCorrectionPage(page);
  const siteName = (useConfig().data ?? FALLBACK_CONFIG).siteName;
  const listTop = useRef<HTMLOListElement>(null);

  const total = corrections.data?.total ?? 0;
  const shown = corrections.data?.corrections ?? [];
  let content;
  if (corrections.isPending) content = <LoadingState />;
  else if (corrections.isError && !corrections.data) {
    content = <ErrorState onRetry={() => void corrections.refetch()} />;
  } else if (isPastLastPage(shown.length, total, corrections.isPlaceholderData)) {
    content = <Navigate to={pageLink(lastPage(total, CORRECTIONS_PAGE_SIZE))} replace />;
  } else if (shown.length === 0) content = <EmptyState message={C.empty} />;
  else {
    content = (
      <>
        <ol
          ref={listTop}
          className={`scroll-mt-4 divide-y divide-rule border-b border-rule ${corrections.isPlaceholderData ? 'opacity-60' : ''}`}
        >
          {shown.map((correction) => (
            <li key={correction._id} className="py-6">
              <p className="text-sm font-semibold text-ink-soft">
                {C.corrected} <CorrectionDate at={correction.createdAt} />
              </p>
              <h2 className="mt-1 text-xl leading-snug font-bold break-words text-ink sm:text-2xl">
                <Link
                  to={paths.articleCorrections(correction.article._id)}
                  className="underline-offset-4 hover:underline"
                >
                  {correction.article.title}
                </Link>
              </h2>
              <p className="mt-2 leading-relaxed break-words whitespace-pre-line text-ink">{correction.note}</p>
            </li>
          ))}
        </ol>
        <Pagination
          page={page}
          totalPages={lastPage(total, CORRECTIONS_PAGE_SIZE)}
          linkFor={pageLink}
          listTop={listTop}
        />
      </>
    );
  }

  return (
    <div className="container-page max-w-3xl py-10 sm:py-14">
      <PageTitle title={C.heading} description={C.pageIntro} canonicalSearch={pageSearch(page)} />
      <link
        rel="alternate"
        type="application/rss+xml"
        title={`${siteName}: ${C.heading}`}
        href={paths.correctionsRss}
      />
      <link
        rel="alternate"
        type="application/atom+xml"
        title={`${siteName}: ${C.heading}`}
        href={paths.correctionsAtom}
      />
      <header className="mb-8 border-b-4 border-double border-ink pb-6">
        <h1 className="text-4xl font-bold tracking-tight text-ink sm:text-5xl">{C.heading}</h1>
        <p className="mt-3 leading-relaxed text-ink-soft">{C.pageIntro}</p>
        <p className="mt-3 text-sm text-ink-soft">
          {C.feed}:{' '}
          <a href={paths.correctionsRss} className="font-semibold text-ink underline underline-offset-4">
            {C.feedRss}
          </a>{' '}
          ·{' '}
          <a href={paths.correctionsAtom} className="font-semibold text-ink underline underline-offset-4">
            {C.feedAtom}
          </a>
        </p>
      </header>
      {content}
    </div>
  );
}
