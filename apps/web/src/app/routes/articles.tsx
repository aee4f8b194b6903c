import { TEXT } from '@dispatch/shared';
import { useMemo, useRef } from 'react';
import { Navigate, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from 'react-router';
import { Pagination } from '../../components/pagination';
import { EmptyState, ErrorState } from '../../components/states';
import {
  APPROVED_PAGE_SIZE,
  approvedArticlesQuery,
  approvedArticlesQueryOptions,
  useApprovedArticles,
} from '../../api/articles-public';
import { ArticleFilters } from '../../features/articles/components/article-filters';
import { ArticleGrid, ArticleGridSkeleton } from '../../features/articles/components/article-grid';
import {
  articleFiltersSearch,
  parseArticleFilters,
  useArticleFilters,
} from '../../features/articles/hooks/use-article-filters';
import { publishersQueryOptions, usePublishers } from '../../api/publishers';
import { tagsQueryOptions, useTags } from '../../api/tags';
import { useViewer } from '../../hooks/use-viewer';
import { ApiError } from '../../lib/api-client';
import { prefetch } from '../../lib/prefetch';
import { readsOf, type LoaderClient } from '../page-context';
import { PageTitle } from '../../components/page-title';
import { isPastLastPage, lastPage } from '../../lib/page-param';

export function articlesLoader(clientFor: LoaderClient) {
  return async ({ request, context }: LoaderFunctionArgs) => {
    const queryClient = clientFor(context);
    const reads = readsOf(context);
    // The tags first: a tag filter the site no longer offers (renamed, merged, archived) is dropped, not a 400.
    const [tags] = await Promise.all([
      prefetch(queryClient, tagsQueryOptions(), reads?.tags).then(() =>
        queryClient.getQueryData(tagsQueryOptions().queryKey),
      ),
      prefetch(queryClient, publishersQueryOptions(), reads?.publishers),
    ]);
    const filters = parseArticleFilters(
      new URL(request.url).searchParams,
      tags?.map((tag) => tag.name),
    );
    await prefetch(
      queryClient,
      approvedArticlesQueryOptions(filters),
      reads && (() => reads.approvedArticles(approvedArticlesQuery(filters))),
    );
    return null;
  };
}

/** Filtering and paging within the list are the page's own queries: the page never waits on the loader for them. */
export function shouldRevalidateArticles({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

export function ArticlesRoute() {
  const tags = useTags();
  const tagNames = useMemo(() => tags.data?.map((tag) => tag.name), [tags.data]);
  const { filters, setFilters, pageLink } = useArticleFilters(tagNames);
  const articles = useApprovedArticles(filters);
  const publishers = usePublishers();
  const { viewer, hiddenTags } = useViewer();
  const listTop = useRef<HTMLParagraphElement>(null);

  const total = articles.data?.total ?? 0;
  const totalPages = lastPage(total, APPROVED_PAGE_SIZE);
  const shown = articles.data?.articles ?? [];
  const first = (filters.page - 1) * APPROVED_PAGE_SIZE + 1;
  const filtered = filters.search !== '' || filters.publisher !== '' || filters.tag !== '';

  let content;
  if (articles.isPending) {
    content = <ArticleGridSkeleton />;
  } else if (articles.isError && !articles.data) {
    // The search limit's answer says how long to wait; any other failure is the generic one.
    const limited = articles.error instanceof ApiError && articles.error.status === 429;
    content = (
      <ErrorState message={limited ? articles.error.message : undefined} onRetry={() => void articles.refetch()} />
    );
  } else if (isPastLastPage(shown.length, total, articles.isPlaceholderData)) {
    content = <Navigate to={pageLink(totalPages)} replace />;
  } else if (shown.length === 0) {
    content = (
      <EmptyState message={TEXT.articles.empty}>
        {filtered && (
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => setFilters({ search: '', publisher: '', tag: '' })}
          >
            {TEXT.listing.clearFilters}
          </button>
        )}
      </EmptyState>
    );
  } else {
    content = (
      <>
        <ArticleGrid articles={shown} viewer={viewer} busy={articles.isPlaceholderData} />
        <Pagination page={filters.page} totalPages={totalPages} linkFor={pageLink} listTop={listTop} />
      </>
    );
  }

  return (
    <div className="container-page py-10 sm:py-14">
      <PageTitle title={TEXT.articles.heading} canonicalSearch={articleFiltersSearch(filters)} />
      <header className="mb-8 border-b-4 border-double border-ink pb-6">
        <h1 className="text-4xl font-bold tracking-tight text-ink sm:text-5xl">{TEXT.articles.heading}</h1>
      </header>
      <ArticleFilters
        filters={filters}
        onChange={setFilters}
        publishers={publishers.data?.map((publisher) => publisher.name) ?? []}
        publishersLoading={publishers.isPending}
        tags={tagNames ?? []}
        tagsLoading={tags.isPending}
        hiddenTags={hiddenTags}
      />
      <p ref={listTop} aria-live="polite" className="mt-6 mb-4 min-h-6 scroll-mt-4 text-sm text-ink-soft">
        {shown.length > 0 &&
          `${TEXT.listing.showing} ${first}–${first + shown.length - 1} ${TEXT.listing.of} ${total}${
            articles.data?.totalCapped ? TEXT.listing.atLeast : ''
          }`}
      </p>
      {content}
    </div>
  );
}
