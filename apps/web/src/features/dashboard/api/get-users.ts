import { LIMITS, UserPageSchema, type UserPage } from '@dispatch/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { dashboardKeys } from './keys';

export const USERS_PAGE_SIZE = LIMITS.pageSize.users;

/** `search`: part of a name or an e-mail. */
export function getUsers(page: number, search?: string, signal?: AbortSignal): Promise<UserPage> {
  return apiRequest(apiPaths.users, UserPageSchema, {
    query: { page, limit: USERS_PAGE_SIZE, ...(search && { q: search }) },
    signal,
  });
}

export function useUsers(page: number, search?: string) {
  return useQuery({
    queryKey: dashboardKeys.userPage(page, search),
    queryFn: ({ signal }) => getUsers(page, search, signal),
    placeholderData: keepPreviousData,
  });
}
