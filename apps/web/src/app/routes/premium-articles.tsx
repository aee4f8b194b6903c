import { TEXT } from '@dispatch/shared';
import { useRef } from 'react';
import { Navigate, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { Pagination } from '../../components/pagination';
import { EmptyState, ErrorState } from '../../components/states';
import {
  PREMIUM_PAGE_SIZE,
  premiumArticlesQuery,
  premiumArticlesQueryOptions,
  usePremiumArticles,
} from '../../api/articles-public';
import { ArticleGrid, ArticleGridSkeleton } from '../../features/articles/components/article-grid';
import { useViewer } from '../../hooks/use-viewer';
import { PageTitle } from '../../components/page-title';
import { isPastLastPage, lastPage, pageFrom, pageSearch } from '../../lib/page-param';
import { prefetch } from '../../lib/prefetch';
import { pageContextOf, type LoaderClient } from '../page-context';

const pageLink = (page: number) => ({ search: page > 1 ? `?page=${page}` : '' });

/**
 * The page's premium cards, on the server only: its render has answered the page's access rule already. The
 * browser's AccessGate answers it once the role is known, and the page then asks for them.
 */
export function premiumArticlesLoader(clientFor: LoaderClient) {
  return async ({ request, context }: LoaderFunctionArgs) => {
    const queryClient = clientFor(context);
    const page = pageContextOf(context);
    if (!page?.viewer) return null;
    const number = pageFrom(new URL(request.url).searchParams);
    await prefetch(queryClient, premiumArticlesQueryOptions(number), () =>
      page.reads.premiumArticles(premiumArticlesQuery(number)),
    );
    return null;
  };
}

/** /premium-articles, signed in and able to list premium articles (its route declares `premium-list`, docs/product.md#screens): 12 premium cards a page. */
export function PremiumArticlesRoute() {
  const [params] = useSearchParams();
  const page = pageFrom(params);
  const articles = usePremiumArticles(page);
  const { viewer } = useViewer();
  const listTop = useRef<HTMLParagraphElement>(null);

  const total = articles.data?.total ?? 0;
  const totalPages = lastPage(total, PREMIUM_PAGE_SIZE);
  const shown = articles.data?.articles ?? [];
  const first = (page - 1) * PREMIUM_PAGE_SIZE + 1;

  let content;
  if (articles.isPending) {
    content = <ArticleGridSkeleton />;
  } else if (articles.isError && !articles.data) {
    content = <ErrorState onRetry={() => void articles.refetch()} />;
  } else if (isPastLastPage(shown.length, total, articles.isPlaceholderData)) {
    content = <Navigate to={pageLink(totalPages)} replace />;
  } else if (shown.length === 0) {
    content = <EmptyState message={TEXT.premiumPage.empty} />;
  } else {
    content = (
      <>
        <ArticleGrid articles={shown} viewer={viewer} busy={articles.isPlaceholderData} />
        <Pagination page={page} totalPages={totalPages} linkFor={pageLink} listTop={listTop} />
      </>
    );
  }

  return (
    <div className="container-page py-10 sm:py-14">
      <PageTitle title={TEXT.articles.premiumHeading} canonicalSearch={pageSearch(page)} />
      <header className="mb-8 border-b-4 border-double border-ink pb-6">
        <h1 className="text-4xl font-bold tracking-tight text-ink sm:text-5xl">{TEXT.articles.premiumHeading}</h1>
        <p className="mt-2 text-ink-soft">{TEXT.premiumPage.intro}</p>
      </header>
      <p ref={listTop} aria-live="polite" className="mb-4 min-h-6 scroll-mt-4 text-sm text-ink-soft">
        {shown.length > 0 && `${TEXT.listing.showing} ${first}–${first + shown.length - 1} ${TEXT.listing.of} ${total}`}
      </p>
      {content}
    </div>
  );
}
