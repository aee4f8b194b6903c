import { LIMITS, UserPageSchema, UserSchema, type User, type UserPage } from '@dispatch/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { apiPaths } from '../lib/paths';

// The accounts: one reader's profile, and the desk's list of every user.

export const userKeys = {
  all: ['users'] as const,
  profile: (email: string) => [...userKeys.all, 'profile', email] as const,
  lists: () => [...userKeys.all, 'lists'] as const,
  page: (page: number, search?: string) => [...userKeys.lists(), page, search ?? ''] as const,
};

export function getProfile(email: string, signal?: AbortSignal): Promise<User> {
  return apiRequest(apiPaths.user(email), UserSchema, { signal });
}

export function profileQueryOptions(email: string) {
  return queryOptions({ queryKey: userKeys.profile(email), queryFn: ({ signal }) => getProfile(email, signal) });
}

/**
 * No route loader prefetches this: loaders run before the session is known, and the profile needs the
 * token, which the client sends only once auth loading has finished.
 */
export function useProfile(email: string | undefined) {
  return useQuery({ ...profileQueryOptions(email ?? ''), enabled: Boolean(email) });
}

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
    queryKey: userKeys.page(page, search),
    queryFn: ({ signal }) => getUsers(page, search, signal),
    placeholderData: keepPreviousData,
  });
}
