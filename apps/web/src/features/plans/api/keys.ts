import type { QueryClient } from '@tanstack/react-query';
import { planKeys } from '../../../lib/plans';

export const adminPlanKeys = {
  all: ['admin-plans'] as const,
};

/** A change to a plan shows on the dashboard and wherever plans are sold (the home page, /subscription, /payment). */
export function refreshPlans(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminPlanKeys.all }),
    queryClient.invalidateQueries({ queryKey: planKeys.all }),
  ]);
}
