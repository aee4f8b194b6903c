import { TEXT, type User, DESK_TEXT } from '@dispatch/shared';
import { useRef, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { Pagination } from '../../../components/pagination';
import { EmptyState, ErrorState, TableSkeleton } from '../../../components/states';
import { BillingDialog } from '../../../features/billing/components/billing-dialog';
import { USERS_PAGE_SIZE, useUsers } from '../../../api/users';
import { TableSearch } from '../../../features/dashboard/components/table-search';
import { UsersTable } from '../../../features/dashboard/components/users-table';
import { DashboardHeading } from './dashboard-heading';
import { isPastLastPage, lastPage, pageFrom } from '../../../lib/page-param';

/** The search stays in the URL with the page, so reload and Back keep both. */
const linkFor = (page: number, search: string) =>
  `?${new URLSearchParams({ ...(search && { q: search }), page: String(page) }).toString()}`;

/** /dashboard/all-users: every account (or those a search finds), 5 a page, with 'Make Admin' and each reader's billing. */
export function AllUsersRoute() {
  const listTop = useRef<HTMLDivElement>(null);
  const [billingOf, setBillingOf] = useState<User | null>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFrom(searchParams);
  const search = searchParams.get('q')?.trim() ?? '';
  const users = useUsers(page, search || undefined);

  let content;
  if (users.isPending) content = <TableSkeleton />;
  else if (users.isError && !users.data) content = <ErrorState onRetry={() => void users.refetch()} />;
  else if (users.data.total === 0)
    content = <EmptyState message={search ? DESK_TEXT.noUsersMatch(search) : TEXT.dashboard.noUsers} />;
  else if (isPastLastPage(users.data.users.length, users.data.total, users.isPlaceholderData))
    content = <Navigate to={linkFor(lastPage(users.data.total, USERS_PAGE_SIZE), search)} replace />;
  else
    content = (
      <div
        ref={listTop}
        aria-busy={users.isPlaceholderData}
        className={`scroll-mt-4 ${users.isPlaceholderData ? 'opacity-60' : ''}`}
      >
        <UsersTable users={users.data.users} onOpenBilling={setBillingOf} />
        <Pagination
          listTop={listTop}
          page={page}
          totalPages={lastPage(users.data.total, USERS_PAGE_SIZE)}
          linkFor={(target) => linkFor(target, search)}
        />
      </div>
    );

  return (
    <section aria-labelledby="all-users-heading">
      <DashboardHeading id="all-users-heading" title={TEXT.dashboard.allUsers} intro={TEXT.dashboard.usersIntro} />
      <div className="mb-5 flex max-w-xl">
        <TableSearch
          label={DESK_TEXT.searchUsers}
          hint={DESK_TEXT.searchUsersHint}
          value={search}
          onSearch={(next) => setSearchParams(next ? { q: next } : {})}
        />
      </div>
      {content}
      <BillingDialog user={billingOf} onClose={() => setBillingOf(null)} />
    </section>
  );
}
