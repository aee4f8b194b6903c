import { BRIEF_LIMITS, BRIEF_PAGE_TEXT, BRIEF_TEXT } from '@dispatch/shared';
import { useRef } from 'react';
import { Navigate, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { Pagination } from '../../components/pagination';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { briefArchiveQueryOptions, useBriefArchive } from '../../api/brief';
import { BriefArticleCard } from '../../features/brief/components/brief-article-card';
import { isPastLastPage, lastPage, pageFrom, pageSearch } from '../../lib/page-param';
import { paths } from '../../lib/paths';
import { prefetch } from '../../lib/prefetch';
import { readsOf, type LoaderClient } from '../page-context';

export function briefsLoader(clientFor: LoaderClient) {
  return async ({ request, context }: LoaderFunctionArgs) => {
    const queryClient = clientFor(context);
    const page = pageFrom(new URL(request.url).searchParams);
    const reads = readsOf(context);
    await prefetch(queryClient, briefArchiveQueryOptions(page), reads && (() => reads.briefArchive({ page })));
    return null;
  };
}

const pageLink = (page: number) => (page > 1 ? `${paths.briefs}?page=${page}` : paths.briefs);

// A brief's date is its UTC day: shown as that day, whatever the reader's zone.
const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
function briefDay(date: string): string {
  const day = new Date(/^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T00:00:00Z` : date);
  return Number.isNaN(day.getTime()) ? date : dayFormat.format(day);
}

/** /briefs: the daily briefs that went out, newest first (docs/product.md#the-daily-brief). */
export function BriefsRoute() {
  const [searchParams] = useSearchParams();
  const page = pageFrom(searchParams);
  const archive = useBriefArchive(page);
  const listTop = useRef<HTMLOListElement>(null);

  const total = archive.data?.total ?? 0;
  const shown = archive.data?.briefs ?? [];
  let content;
  if (archive.isPending) content = <LoadingState />;
  else if (archive.isError && !archive.data) content = <ErrorState onRetry={() => void archive.refetch()} />;
  else if (isPastLastPage(shown.length, total, archive.isPlaceholderData))
    content = <Navigate to={pageLink(lastPage(total, BRIEF_LIMITS.archivePageSize))} replace />;
  else if (shown.length === 0) content = <EmptyState message={BRIEF_PAGE_TEXT.noBriefs} />;
  else
    content = (
      <>
        <ol
          ref={listTop}
          className={`scroll-mt-4 divide-y divide-rule border-b border-rule ${archive.isPlaceholderData ? 'opacity-60' : ''}`}
        >
          {shown.map((brief) => (
            <li key={brief._id} className="py-8">
              <p className="text-sm font-semibold text-ink-soft">
                <time dateTime={brief.date}>{briefDay(brief.date)}</time>
              </p>
              <h2 className="mt-1 text-xl leading-snug font-bold break-words text-ink sm:text-2xl">{brief.subject}</h2>
              <ul className="mt-4 grid gap-3 md:grid-cols-2">
                {brief.articles.map((article) => (
                  <li key={article._id}>
                    <BriefArticleCard article={article} />
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
        <Pagination
          listTop={listTop}
          page={page}
          totalPages={lastPage(total, BRIEF_LIMITS.archivePageSize)}
          linkFor={pageLink}
        />
      </>
    );

  return (
    <section aria-labelledby="briefs-heading" className="container-page max-w-4xl py-10 sm:py-14">
      <PageTitle title={BRIEF_TEXT.archive} canonicalSearch={pageSearch(page)} />
      <div className="border-t-4 border-double border-ink pt-4">
        <h1 id="briefs-heading" className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
          {BRIEF_TEXT.archive}
        </h1>
        <p className="mt-2 text-ink-soft">{BRIEF_PAGE_TEXT.archiveIntro}</p>
      </div>
      <div className="mt-8">{content}</div>
    </section>
  );
}
