import { AdminPlanSchema, type PlanInput } from '@dispatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { planKeys } from '../../../api/plans';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

export function createPlan(input: PlanInput) {
  return apiRequest(apiPaths.adminPlans, AdminPlanSchema, { method: 'POST', body: input });
}

/** An admin adds a plan; a name another plan has is a 409, a bad field a 400 with its field error. */
export function useCreatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planKeys.all }),
  });
}
