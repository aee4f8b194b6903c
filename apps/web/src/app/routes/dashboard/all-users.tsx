import { TEXT, type User } from '@dispatch/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { Pagination } from '../../../components/pagination';
import { EmptyState, ErrorState, TableSkeleton } from '../../../components/states';
import { BillingDialog } from '../../../features/billing/components/billing-dialog';
import { dashboardKeys } from '../../../features/dashboard/api/keys';
import { USERS_PAGE_SIZE, useUsers } from '../../../features/dashboard/api/get-users';
import { UsersTable } from '../../../features/dashboard/components/users-table';
import { DashboardHeading } from './dashboard-heading';
import { isPastLastPage, lastPage, pageFrom } from '../../../lib/page-param';

/** /dashboard/all-users: every account, 5 a page, with 'Make Admin' and each reader's billing. */
export function AllUsersRoute() {
  const listTop = useRef<HTMLDivElement>(null);
  const [billingOf, setBillingOf] = useState<User | null>(null);
  const queryClient = useQueryClient();
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
        <UsersTable users={users.data.users} onOpenBilling={setBillingOf} />
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
      <BillingDialog
        user={billingOf}
        onClose={() => setBillingOf(null)}
        onGranted={() => void queryClient.invalidateQueries({ queryKey: dashboardKeys.users() })}
      />
    </section>
  );
}
