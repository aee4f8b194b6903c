import { BriefMeSchema, BriefSubscriptionSchema, type BriefSettings } from '@dispatch/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { briefKeys } from './keys';
import { UnsubscribedSchema } from './subscribe';

/** The signed-in reader's subscription, or null: ask only once the viewer is known to be signed in. */
export function useMyBrief(enabled = true) {
  return useQuery({
    queryKey: briefKeys.me(),
    queryFn: ({ signal }) => apiRequest(apiPaths.briefMe, BriefMeSchema, { signal }),
    enabled,
  });
}

export function useSaveMyBrief() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: BriefSettings) =>
      apiRequest(apiPaths.briefMe, BriefSubscriptionSchema, { method: 'PUT', body: settings }),
    onSuccess: (subscription) => queryClient.setQueryData(briefKeys.me(), { subscription }),
  });
}

export function useStopMyBrief() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(apiPaths.briefMe, UnsubscribedSchema, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: briefKeys.me() }),
  });
}
