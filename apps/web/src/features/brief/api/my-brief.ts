import { BriefSubscriptionSchema, type BriefSettings } from '@dispatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { briefKeys } from '../../../api/brief';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { UnsubscribedSchema } from './subscribe';

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
