import { TEXT } from '@dispatch/shared';
import { useRef } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { Pagination } from '../../../components/pagination';
import { EmptyState, ErrorState, TableSkeleton } from '../../../components/states';
import { USERS_PAGE_SIZE, useUsers } from '../../../features/dashboard/api/get-users';
import { UsersTable } from '../../../features/dashboard/components/users-table';
import { DashboardHeading } from './dashboard-heading';
import { isPastLastPage, lastPage, pageFrom } from '../../../lib/page-param';

/** /dashboard/all-users: every account, 5 a page, with 'Make Admin'. */
export function AllUsersRoute() {
  const listTop = useRef<HTMLDivElement>(null);
  const [searchParams] = useSearchParams();
  const page = pageFrom(searchParams);
  const users = useUsers(page);

  let content;
  if (users.isPending) content = <TableSkeleton />;
  else if (users.isError && !users.data) content = <ErrorState onRetry={() => void users.refetch()} />;
  else if (users.data.total === 0) content = <EmptyState message={TEXT.dashboard.noUsers} />;
  else if (isPastLastPage(users.data.users.length, users.data.total, users.isPlaceholderData))
    content = <Navigate to={`?page=${lastPage(users.data.total, USERS_PAGE_SIZE)}`} replace />;
  else
    content = (
      <div
        ref={listTop}
        aria-busy={users.isPlaceholderData}
        className={`scroll-mt-4 ${users.isPlaceholderData ? 'opacity-60' : ''}`}
      >
        <UsersTable users={users.data.users} />
        <Pagination
          listTop={listTop}
          page={page}
          totalPages={lastPage(users.data.total, USERS_PAGE_SIZE)}
          linkFor={(target) => `?page=${target}`}
        />
      </div>
    );

  return (
    <section aria-labelledby="all-users-heading">
      <DashboardHeading id="all-users-heading" title={TEXT.dashboard.allUsers} intro={TEXT.dashboard.usersIntro} />
      {content}
    </section>
  );
}
