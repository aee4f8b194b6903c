import { AdminPlanListSchema } from '@dispatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { planKeys } from '../../../api/plans';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

export function reorderPlans(ids: string[]) {
  return apiRequest(apiPaths.adminPlansOrder, AdminPlanListSchema, { method: 'PUT', body: { ids } });
}

/** Every plan's id in the new order; the answer is the list in that order, shown at once. */
export function useReorderPlans() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderPlans,
    onSuccess: (list) => queryClient.setQueryData(planKeys.admin(), list.plans),
    onSettled: () => queryClient.invalidateQueries({ queryKey: planKeys.all }),
  });
}
