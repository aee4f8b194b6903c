import type { Plan } from '@dispatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../lib/api-client';
import { apiPaths } from '../lib/paths';

/**
 * The plans on sale (`GET /api/plans`) and one plan by its id (`GET /api/plans/:id`, listed or sold by its
 * link): read by the home page, /subscription and /payment. The dashboard's list is in plans-admin.ts, out of
 * the home page's first load; a change to a plan refreshes everything under `all`.
 */
export const planKeys = {
  all: ['plans'] as const,
  listed: () => [...planKeys.all, 'listed'] as const,
  one: (id: string) => [...planKeys.all, 'one', id] as const,
  admin: () => [...planKeys.all, 'admin'] as const,
};

export function getPlans(signal?: AbortSignal): Promise<Plan[]> {
  return apiRequest(apiPaths.plans, lazySchema('plans'), { signal }).then((answer) => answer.plans);
}

export function plansQueryOptions() {
  return queryOptions({
    queryKey: planKeys.listed(),
    queryFn: ({ signal }) => getPlans(signal),
  });
}

export function usePlans() {
  return useQuery(plansQueryOptions());
}

export function getPlan(id: string, signal?: AbortSignal): Promise<Plan> {
  return apiRequest(apiPaths.plan(id), lazySchema('plan'), { signal });
}

export function planQueryOptions(id: string) {
  return queryOptions({
    queryKey: planKeys.one(id),
    queryFn: ({ signal }) => getPlan(id, signal),
  });
}

/** One plan by id; disabled without one. A plan no longer offered answers 404 (PLAN_MESSAGES.planUnavailable). */
export function usePlan(id: string | undefined) {
  return useQuery({ ...planQueryOptions(id ?? ''), enabled: Boolean(id) });
}
