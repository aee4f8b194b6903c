import { BriefSubscribeResultSchema, type BriefSubscribeInput } from '@dispatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { briefKeys } from '../../../api/brief';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

/** The answer of both ways to stop the brief (the e-mail's link and the profile's button). */
export const UnsubscribedSchema = z.object({ status: z.literal('unsubscribed') });

/** A visitor's sign-up (a confirmation link is mailed) or a signed-in reader's (their own address). */
export function useSubscribeBrief() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BriefSubscribeInput) =>
      apiRequest(apiPaths.briefSubscribe, BriefSubscribeResultSchema, { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: briefKeys.me() }),
  });
}

/** The link of the confirmation e-mail. */
export function useConfirmBrief() {
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest(apiPaths.briefConfirm, BriefSubscribeResultSchema, { method: 'POST', body: { token } }),
  });
}

/** The link at the foot of every brief: works signed out, and twice. */
export function useUnsubscribeBrief() {
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest(apiPaths.briefUnsubscribe, UnsubscribedSchema, { method: 'POST', body: { token } }),
  });
}
