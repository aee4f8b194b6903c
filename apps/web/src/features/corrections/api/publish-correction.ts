import { CorrectionSchema, type PublishCorrectionInput } from '@dispatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshArticle } from '../../../api/articles';
import { correctionKeys } from '../../../api/corrections';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

export function publishCorrection(id: string, input: PublishCorrectionInput) {
  return apiRequest(apiPaths.articleCorrections(id), CorrectionSchema, { method: 'POST', body: input });
}

/** A new correction shows under the article and on /corrections, and in the article's timeline and lists. */
export function usePublishCorrection(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PublishCorrectionInput) => publishCorrection(id, input),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: correctionKeys.all }), refreshArticle(queryClient, id)]),
  });
}
