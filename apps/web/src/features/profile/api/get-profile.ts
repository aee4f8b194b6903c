import { UserSchema, type User } from '@dispatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { profileKeys } from './keys';

export function getProfile(email: string, signal?: AbortSignal): Promise<User> {
  return apiRequest(apiPaths.user(email), UserSchema, { signal });
}

export function profileQueryOptions(email: string) {
  return queryOptions({ queryKey: profileKeys.detail(email), queryFn: ({ signal }) => getProfile(email, signal) });
}

/**
 * No route loader prefetches this: loaders run before the session is known, and the profile needs the
 * token, which the client sends only once auth loading has finished.
 */
export function useProfile(email: string | undefined) {
  return useQuery({ ...profileQueryOptions(email ?? ''), enabled: Boolean(email) });
}
