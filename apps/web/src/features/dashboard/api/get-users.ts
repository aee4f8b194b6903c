import { LIMITS, UserPageSchema, type UserPage } from '@dispatch/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { dashboardKeys } from './keys';

export const USERS_PAGE_SIZE = LIMITS.pageSize.users;

export function getUsers(page: number, signal?: AbortSignal): Promise<UserPage> {
  return apiRequest(apiPaths.users, UserPageSchema, { query: { page, limit: USERS_PAGE_SIZE }, signal });
}

export function useUsers(page: number) {
  return useQuery({
    queryKey: dashboardKeys.userPage(page),
    queryFn: ({ signal }) => getUsers(page, signal),
    placeholderData: keepPreviousData,
  });
}
