import type { BriefSpecialInputSchema } from '@dispatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { briefKeys } from '../../../api/brief';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

const TestSentSchema = z.object({ email: z.string() });
const SpecialQueuedSchema = z.object({ queued: z.number().int() });

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
