import { CreatedGiftLinkSchema } from '@dispatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { giftKeys } from '../../../api/gifts';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

export function createGiftLink(articleId: string) {
  return apiRequest(apiPaths.articleGiftLinks(articleId), CreatedGiftLinkSchema, { method: 'POST' });
}

export function useCreateGiftLink(articleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => createGiftLink(articleId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: giftKeys.all }),
  });
}
