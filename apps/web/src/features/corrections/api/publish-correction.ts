import { CorrectionSchema, type PublishCorrectionInput } from '@dispatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { correctionKeys } from './keys';

export function publishCorrection(id: string, input: PublishCorrectionInput) {
  return apiRequest(apiPaths.articleCorrections(id), CorrectionSchema, { method: 'POST', body: input });
}

/** A new correction shows under the article and on /corrections; `onPublished` refreshes what else shows it. */
export function usePublishCorrection(id: string, onPublished?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PublishCorrectionInput) => publishCorrection(id, input),
    onSuccess: () => {
      onPublished?.();
      return queryClient.invalidateQueries({ queryKey: correctionKeys.all });
    },
  });
}
