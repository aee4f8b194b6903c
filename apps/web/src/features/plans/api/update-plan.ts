import { AdminPlanSchema, type PlanPatch } from '@dispatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { planKeys } from '../../../api/plans';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

export function updatePlan({ id, patch }: { id: string; patch: PlanPatch }) {
  return apiRequest(apiPaths.adminPlan(id), AdminPlanSchema, { method: 'PATCH', body: patch });
}

/**
 * Edits, archives (`{ visibility: 'archived' }`) or lists a plan again. Archiving the last listed plan is a 409
 * (PLAN_MESSAGES.lastListedPlan). Earlier buyers keep what they bought.
 */
export function useUpdatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePlan,
    onSettled: () => queryClient.invalidateQueries({ queryKey: planKeys.all }),
  });
}
