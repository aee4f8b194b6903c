import { AdminPlanListSchema } from '@dispatch/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { apiPaths } from '../lib/paths';
import { planKeys } from './plans';

/** Every plan, archived ones too, in order, with its purchases and the readers holding access through it. */
export function useAdminPlans() {
  return useQuery({
    queryKey: planKeys.admin(),
    queryFn: ({ signal }) =>
      apiRequest(apiPaths.adminPlans, AdminPlanListSchema, { signal }).then((list) => list.plans),
  });
}
