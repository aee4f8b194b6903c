import type { UserStats } from '@dispatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../lib/api-client';
import { apiPaths } from '../lib/paths';

export const statsKeys = {
  all: ['stats'] as const,
  users: () => [...statsKeys.all, 'users'] as const,
};

export function getUserStats(signal?: AbortSignal): Promise<UserStats> {
  return apiRequest(apiPaths.userStats, lazySchema('userStats'), { signal });
}

export function userStatsQueryOptions() {
  return queryOptions({ queryKey: statsKeys.users(), queryFn: ({ signal }) => getUserStats(signal) });
}

export function useUserStats() {
  return useQuery(userStatsQueryOptions());
}
