import { ARTICLE_STATUSES, TEXT, type ArticleStatus, type StatusCounts, DESK_TEXT } from '@dispatch/shared';
import { useRef } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { Pagination } from '../../../components/pagination';
import { EmptyState, ErrorState, TableSkeleton } from '../../../components/states';
import { ADMIN_ARTICLES_PAGE_SIZE, useAdminArticles } from '../../../api/articles-admin';
import { AdminArticlesTable } from '../../../features/dashboard/components/admin-articles-table';
import { TableSearch } from '../../../features/dashboard/components/table-search';
import { DashboardHeading } from './dashboard-heading';
import { isPastLastPage, lastPage, pageFrom } from '../../../lib/page-param';

/** The filter's choices: every article (the work waiting first), then each status. */
type StatusChoice = ArticleStatus | 'all';
const DEFAULT_STATUS = 'all';
const STATUS_CHOICES: StatusChoice[] = [DEFAULT_STATUS, ...ARTICLE_STATUSES];

/** No ?status= means the default (every article); an unknown one too. */
const statusFrom = (params: URLSearchParams): StatusChoice =>
  STATUS_CHOICES.find((choice) => choice === params.get('status')) ?? DEFAULT_STATUS;

interface Filters {
  status: StatusChoice;
  search: string;
}

/** The filters (and a page) as the URL keeps them, so reload and Back keep them; the default status is left out. */
function queryFor({ status, search }: Filters, page?: number) {
  const query = new URLSearchParams();
  if (status !== DEFAULT_STATUS) query.set('status', status);
  if (search) query.set('q', search);
  if (page) query.set('page', String(page));
  return query;
}
const linkFor = (page: number, filters: Filters) => `?${queryFor(filters, page).toString()}`;

function emptyMessage({ status, search }: Filters) {
  if (search) return DESK_TEXT.noArticlesMatch(search);
  return status === 'all'
    ? TEXT.dashboard.noArticles
    : TEXT.dashboard.noArticlesInStatus(TEXT.writing.statuses[status]);
}

/** An option's label, with its count once the list has answered: "Pending (3)". */
function choiceLabel(choice: StatusChoice, counts: StatusCounts | undefined) {
  const label = choice === 'all' ? TEXT.dashboard.allStatuses : TEXT.writing.statuses[choice];
  if (!counts) return label;
  const count = choice === 'all' ? ARTICLE_STATUSES.reduce((sum, status) => sum + counts[status], 0) : counts[choice];
  return DESK_TEXT.statusWithCount(label, count);
}

/**
 * /dashboard/all-articles: every article, the work waiting first (pending, longest waiting first; then changes
 * requested; then the rest, newest first), or one status; searchable, 10 a page, with the moderation actions.
 */
export function AllArticlesRoute() {
  const listTop = useRef<HTMLDivElement>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFrom(searchParams);
  const filters: Filters = { status: statusFrom(searchParams), search: searchParams.get('q')?.trim() ?? '' };
  const articles = useAdminArticles({
    page,
    ...(filters.status !== 'all' && { status: filters.status }),
    ...(filters.search && { search: filters.search }),
  });
  // A new filter starts at its first page.
  const setFilters = (next: Filters) => setSearchParams(queryFor(next));

  let content;
  if (articles.isPending) content = <TableSkeleton />;
  else if (articles.isError && !articles.data) content = <ErrorState onRetry={() => void articles.refetch()} />;
  else if (articles.data.total === 0) content = <EmptyState message={emptyMessage(filters)} />;
  else if (isPastLastPage(articles.data.articles.length, articles.data.total, articles.isPlaceholderData))
    content = <Navigate to={linkFor(lastPage(articles.data.total, ADMIN_ARTICLES_PAGE_SIZE), filters)} replace />;
  else
    content = (
      <div
        ref={listTop}
        aria-busy={articles.isPlaceholderData}
        className={`scroll-mt-4 ${articles.isPlaceholderData ? 'opacity-60' : ''}`}
      >
        <AdminArticlesTable articles={articles.data.articles} />
        <Pagination
          listTop={listTop}
          page={page}
          totalPages={lastPage(articles.data.total, ADMIN_ARTICLES_PAGE_SIZE)}
          linkFor={(target) => linkFor(target, filters)}
        />
      </div>
    );

  return (
    <section aria-labelledby="all-articles-heading">
      <DashboardHeading
        id="all-articles-heading"
        title={TEXT.dashboard.allArticles}
        intro={TEXT.dashboard.articlesIntro}
      />
      <div className="mb-5 flex flex-wrap items-end gap-3">
        <label className="block text-sm font-semibold text-ink">
          {TEXT.dashboard.statusFilter}
          <select
            value={filters.status}
            onChange={(event) =>
              setFilters({ ...filters, status: statusFrom(new URLSearchParams({ status: event.target.value })) })
            }
            className="field-control mt-1 block w-full min-w-56"
          >
            {STATUS_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {choiceLabel(choice, articles.data?.counts)}
              </option>
            ))}
          </select>
        </label>
        <TableSearch
          label={DESK_TEXT.searchArticles}
          hint={DESK_TEXT.searchArticlesHint}
          value={filters.search}
          onSearch={(search) => setFilters({ ...filters, search })}
        />
      </div>
      {content}
    </section>
  );
}
