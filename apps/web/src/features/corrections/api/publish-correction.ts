import { CorrectionSchema, type PublishCorrectionInput } from '@dispatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { writingKeys } from '../../writing/api/keys';
import { correctionKeys } from './keys';

export function publishCorrection(id: string, input: PublishCorrectionInput) {
  return apiRequest(apiPaths.articleCorrections(id), CorrectionSchema, { method: 'POST', body: input });
}

/** A new correction shows under the article, on /corrections and in the article's timeline. */
export function usePublishCorrection(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PublishCorrectionInput) => publishCorrection(id, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: correctionKeys.all }),
        queryClient.invalidateQueries({ queryKey: writingKeys.timeline(id) }),
      ]),
  });
}
