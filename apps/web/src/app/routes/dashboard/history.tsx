import { DESK_TEXT, HISTORY_ACTIONS, TEXT } from '@dispatch/shared';
import { useRef } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Pagination } from '../../../components/pagination';
import { EmptyState, ErrorState, TableSkeleton } from '../../../components/states';
import { HISTORY_PAGE_SIZE, useHistory, type HistoryFilters } from '../../../api/history';
import { HistoryTable, historyActionLabel } from '../../../features/dashboard/components/history-table';
import { isPastLastPage, lastPage, pageFrom } from '../../../lib/page-param';
import { DashboardHeading } from './dashboard-heading';

const D = TEXT.dashboard;

function filtersFrom(params: URLSearchParams): HistoryFilters {
  return {
    page: pageFrom(params),
    actor: params.get('actor') || undefined,
    action: HISTORY_ACTIONS.find((action) => action === params.get('action')),
    article: params.get('article') || undefined,
  };
}

/** A History URL: the filters stay in it, so reload, Back and a shared link keep them. */
function linkFor(filters: HistoryFilters): string {
  const params = new URLSearchParams();
  if (filters.actor) params.set('actor', filters.actor);
  if (filters.action) params.set('action', filters.action);
  if (filters.article) params.set('article', filters.article);
  if (filters.page > 1) params.set('page', String(filters.page));
  const query = params.toString();
  return query ? `?${query}` : '?';
}

/** /dashboard/history: every editorial action on articles, 10 a page, by person, action and article. */
export function HistoryRoute() {
  const listTop = useRef<HTMLDivElement>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFrom(searchParams);
  const history = useHistory(filters);
  const set = (change: Partial<HistoryFilters>) => linkFor({ ...filters, page: 1, ...change });
  const choose = (change: Partial<HistoryFilters>) => setSearchParams(new URLSearchParams(set(change).slice(1)));

  let content;
  if (history.isPending) content = <TableSkeleton />;
  else if (history.isError && !history.data) content = <ErrorState onRetry={() => void history.refetch()} />;
  else if (history.data.total === 0) content = <EmptyState message={D.noHistory} />;
  else if (isPastLastPage(history.data.entries.length, history.data.total, history.isPlaceholderData))
    content = <Navigate to={linkFor({ ...filters, page: lastPage(history.data.total, HISTORY_PAGE_SIZE) })} replace />;
  else
    content = (
      <div
        ref={listTop}
        aria-busy={history.isPlaceholderData}
        className={`scroll-mt-4 ${history.isPlaceholderData ? 'opacity-60' : ''}`}
      >
        <p className="mb-3 text-sm text-ink-soft">
          {TEXT.listing.showing} {history.data.entries.length} {TEXT.listing.of} {history.data.total}
        </p>
        <HistoryTable entries={history.data.entries} articleLink={(article) => set({ article })} />
        <Pagination
          listTop={listTop}
          page={filters.page}
          totalPages={lastPage(history.data.total, HISTORY_PAGE_SIZE)}
          linkFor={(page) => linkFor({ ...filters, page })}
        />
      </div>
    );

  const actors = history.data?.actors ?? [];
  return (
    <section aria-labelledby="history-heading">
      <DashboardHeading id="history-heading" title={D.history} intro={DESK_TEXT.historyIntro} />
      <div className="mb-5 grid gap-3 sm:grid-cols-2 lg:flex lg:flex-wrap lg:items-end">
        <label className="block text-sm font-semibold text-ink">
          {D.historyBy}
          <select
            value={filters.actor ?? ''}
            onChange={(event) => choose({ actor: event.target.value || undefined })}
            className="field-control mt-1 block w-full lg:min-w-56"
          >
            <option value="">{D.everyone}</option>
            {actors.map((actor) => (
              <option key={actor._id} value={actor._id}>
                {actor.name}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm font-semibold text-ink">
          {D.historyAction}
          <select
            value={filters.action ?? ''}
            onChange={(event) => choose({ action: HISTORY_ACTIONS.find((action) => action === event.target.value) })}
            className="field-control mt-1 block w-full lg:min-w-56"
          >
            <option value="">{D.allActions}</option>
            {HISTORY_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {historyActionLabel(action)}
              </option>
            ))}
          </select>
        </label>
        {filters.article && (
          <Link to={set({ article: undefined })} className="btn btn-outline self-end">
            {D.allArticlesFilter}
          </Link>
        )}
      </div>
      {content}
    </section>
  );
}
