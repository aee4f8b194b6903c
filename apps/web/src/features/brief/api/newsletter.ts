import { BriefPreviewSchema, BriefSendListSchema, type BriefSpecialInputSchema } from '@dispatch/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { briefKeys } from './keys';

const TestSentSchema = z.object({ email: z.string() });
const SpecialQueuedSchema = z.object({ queued: z.number().int() });

/** The editor's counts of subscribers and every send, newest first. */
export function useBriefSends() {
  return useQuery({
    queryKey: briefKeys.sends(),
    queryFn: ({ signal }) => apiRequest(apiPaths.adminBriefSends, BriefSendListSchema, { signal }),
  });
}

/** Today's brief as one subscriber (or the editor, when no address is given) would get it; asked on demand. */
export function useBriefPreview(email: string | null) {
  return useQuery({
    queryKey: briefKeys.preview(email ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(apiPaths.adminBriefPreview, BriefPreviewSchema, { query: { email: email || undefined }, signal }),
    enabled: email !== null,
  });
}

export function useSendTestBrief() {
  return useMutation({
    mutationFn: () => apiRequest(apiPaths.adminBriefTest, TestSentSchema, { method: 'POST' }),
  });
}

export function useSendSpecialBrief() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof BriefSpecialInputSchema>) =>
      apiRequest(apiPaths.adminBriefSpecial, SpecialQueuedSchema, { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: briefKeys.sends() }),
  });
}
